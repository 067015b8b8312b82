import { describe, expect, it } from 'vitest';
import { cutAtWord, formatNrb, isValidNip, isValidNrb, normalizeNip, normalizeNrb, obligationTransferTitle, paymentCode } from '../src/index.js';

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

  it('cuts the recipient to 20 and the title to 32 characters between words, Polish letters kept', () => {
    expect(
      paymentCode({
        nrb: NRB,
        amountGrosze: 1,
        recipientName: 'Urząd Miasta Krakowa Wydział Podatków',
        title: 'FO 12 Podatek od nieruchomości za rok 2026',
      }),
    ).toBe('|PL|61109010140000071219812874|000001|Urząd Miasta Krakowa|FO 12 Podatek od nieruchomości|||');
  });

  it('never splits a word of the recipient name: "Urząd Miasta Łódź", not "Urząd Miasta Łódź Wy"', () => {
    const code = paymentCode({ nrb: NRB, amountGrosze: 100, recipientName: 'Urząd Miasta Łódź Wydział Finansów', title: 'FO 1' });
    expect(code?.split('|')[4]).toBe('Urząd Miasta Łódź');
    expect(cutAtWord('Urząd Miasta Łódź Wydział Finansów', 20)).toBe('Urząd Miasta Łódź');
    expect(cutAtWord('Urząd Miasta, Wydział', 14)).toBe('Urząd Miasta');
    // One word longer than the field is the only text cut inside a word: something must be left.
    expect(cutAtWord('Konstantynopolitańczykowianeczka', 20)).toBe('Konstantynopolitańcz');
  });

  it('normalises ligatures and full-width letters (NFKC) before it measures and writes a field', () => {
    const code = paymentCode({ nrb: NRB, amountGrosze: 100, recipientName: 'Wydzia\u0142 \ufb01nansowy', title: 'FO 3 \uff21\uff22 o\ufb00ice' });
    expect(code?.split('|')[4]).toBe('Wydział finansowy');
    expect(code?.split('|')[5]).toBe('FO 3 AB office');
    expect(obligationTransferTitle({ id: 9, description: 'Op\u0142ata za o\ufb03ce' })).toBe('FO 9 Opłata za office');
  });

  it('fills the recipient\u2019s tax number (NIP) when one is given, and refuses one with a wrong check digit', () => {
    expect(paymentCode({ nrb: NRB, amountGrosze: 100, recipientName: 'City', title: 'FO 1', nip: '1234563218' })).toBe(
      '1234563218|PL|61109010140000071219812874|000100|City|FO 1|||',
    );
    expect(() => paymentCode({ nrb: NRB, amountGrosze: 100, recipientName: 'City', title: 'FO 1', nip: '1234563219' })).toThrow(/NIP/);
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
    expect(obligationTransferTitle({ id: 1234567, description: 'Opłata za gospodarowanie odpadami komunalnymi' })).toBe('FO 1234567 Opłata');
    expect(obligationTransferTitle({ id: 6, description: 'Property tax, 1st instalment' })).toBe('FO 6 Property tax');
    expect(obligationTransferTitle({ id: 16, description: 'Property tax, 1st inst.' })).toBe('FO 16 Property tax, 1st inst.');
    expect(obligationTransferTitle({ id: 7, description: 'Gospodarowanieodpadamikomunalnymiwgminie' })).toBe('FO 7');
  });

  it('cuts a long title at the end of a whole phrase, never mid-phrase, and keeps the reference whole', () => {
    expect(obligationTransferTitle({ id: 19, description: 'Property tax, 2nd instalment 2026' })).toBe('FO 19 Property tax');
    expect(obligationTransferTitle({ id: 19, description: 'Waste fee - households in the old town' })).toBe('FO 19 Waste fee - households');
    // A phrase too short to stand alone is not a good place to stop: whole words instead.
    expect(obligationTransferTitle({ id: 19, description: 'Tax, property at Main Street number 5' })).toBe('FO 19 Tax, property at Main');
    // Nor on a word that only leads into what was cut off.
    expect(obligationTransferTitle({ id: 20, description: 'Building permit fee for the new office' })).toBe('FO 20 Building permit fee');
    expect(obligationTransferTitle({ id: 12, description: 'Podatek od nieruchomości za rok 2026' })).toBe('FO 12 Podatek od nieruchomości');
    for (const id of [1, 19, 2_147_483_647]) {
      const title = obligationTransferTitle({ id, description: 'Opłata za gospodarowanie odpadami komunalnymi, rok 2026' });
      expect(title.startsWith(`FO ${id}`)).toBe(true);
      expect(Array.from(title).length).toBeLessThanOrEqual(32);
    }
  });
});

describe('tax numbers (NIP)', () => {
  it('reads the ways people write a NIP and checks its check digit', () => {
    expect(normalizeNip('123-456-32-18')).toBe('1234563218');
    expect(normalizeNip('PL 1234563218')).toBe('1234563218');
    expect(normalizeNip('123456321')).toBeNull();
    expect(isValidNip('1234563218')).toBe(true);
    expect(isValidNip('1234563219')).toBe(false); // last digit mistyped
    expect(isValidNip('1234563281')).toBe(false); // two digits swapped
    expect(isValidNip('abcdefghij')).toBe(false);
  });
});
