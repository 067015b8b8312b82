import { describe, expect, it } from 'vitest';
import { formatNrb, isValidNrb, normalizeNrb, obligationTransferTitle, paymentCode } from '../src/index.js';

// The example Polish IBAN of the IBAN registry and ECBS materials: PL61 1090 1014 0000 0712 1981 2874.
const NRB = '61109010140000071219812874';

describe('account numbers (NRB)', () => {
  it('accepts the ways people write an account number', () => {
    for (const text of [NRB, '61 1090 1014 0000 0712 1981 2874', 'PL61 1090 1014 0000 0712 1981 2874', 'pl61-1090-1014-0000-0712-1981-2874']) {
      expect(normalizeNrb(text), text).toBe(NRB);
    }
  });

  it.each(['', '6110901014000007121981287', '611090101400000712198128745', 'DE61109010140000071219812874', '61 1090 1014 0000 0712 1981 287X'])(
    'refuses the shape %j',
    (text) => expect(normalizeNrb(text)).toBeNull(),
  );

  it('checks the check digits (IBAN modulo 97)', () => {
    expect(isValidNrb(NRB)).toBe(true);
    expect(isValidNrb('62109010140000071219812874')).toBe(false); // check digits off by one
    expect(isValidNrb('61109010140000071219812875')).toBe(false); // last digit mistyped
    expect(isValidNrb('61109010140000071291812874')).toBe(false); // two digits swapped
    expect(isValidNrb('not digits')).toBe(false);
  });

  it('prints an account number in the groups banks use', () => {
    expect(formatNrb(NRB)).toBe('61 1090 1014 0000 0712 1981 2874');
  });
});

describe('the ZBP two-dimensional payment code', () => {
  it('lays out the fields of the recommendation', () => {
    expect(paymentCode({ nrb: NRB, amountGrosze: 12_345, recipientName: 'Urzad Miasta', title: 'FO 7 Podatek' })).toBe(
      '|PL|61109010140000071219812874|012345|Urzad Miasta|FO 7 Podatek|||',
    );
  });

  it('cuts the recipient to 20 and the title to 32 characters, Polish letters kept', () => {
    expect(
      paymentCode({
        nrb: NRB,
        amountGrosze: 1,
        recipientName: 'Urząd Miasta Krakowa Wydział Podatków',
        title: 'FO 12 Podatek od nieruchomości za rok 2026',
      }),
    ).toBe('|PL|61109010140000071219812874|000001|Urząd Miasta Krakowa|FO 12 Podatek od nieruchomości z|||');
  });

  it('never lets a separator or control character into a field', () => {
    const code = paymentCode({ nrb: NRB, amountGrosze: 100, recipientName: 'City|Hall', title: 'Rent\n|2026|' });
    expect(code).toBe('|PL|61109010140000071219812874|000100|City Hall|Rent 2026|||');
    expect(code?.split('|')).toHaveLength(9);
  });

  it('has six digits for the amount: up to 9 999.99 PLN, otherwise no code', () => {
    expect(paymentCode({ nrb: NRB, amountGrosze: 999_999, recipientName: 'A', title: 'B' })).toContain('|999999|');
    expect(paymentCode({ nrb: NRB, amountGrosze: 1_000_000, recipientName: 'A', title: 'B' })).toBeNull();
  });

  it('refuses to build a code for an account number with wrong check digits', () => {
    expect(() => paymentCode({ nrb: '62109010140000071219812874', amountGrosze: 1, recipientName: 'A', title: 'B' })).toThrow();
  });

  it('titles a transfer with the obligation number and the start of its description', () => {
    expect(obligationTransferTitle({ id: 42, description: null })).toBe('FO 42');
    expect(obligationTransferTitle({ id: 42, description: 'Waste fee | Q1' })).toBe('FO 42 Waste fee Q1');
    expect(obligationTransferTitle({ id: 1234567, description: 'Opłata za gospodarowanie odpadami komunalnymi' })).toBe('FO 1234567 Opłata za');
    expect(obligationTransferTitle({ id: 6, description: 'Property tax, 1st instalment' })).toBe('FO 6 Property tax, 1st');
    expect(obligationTransferTitle({ id: 16, description: 'Property tax, 1st inst.' })).toBe('FO 16 Property tax, 1st inst.');
    expect(obligationTransferTitle({ id: 7, description: 'Gospodarowanieodpadamikomunalnymiwgminie' })).toBe('FO 7');
  });
});
