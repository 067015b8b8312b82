import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_GROSZE, decimalToGrosze, groszeToDecimal, parseAmount } from '../src/index.js';

describe('parseAmount reads an amount exactly from its text', () => {
  it.each([
    ['0.1', 10],
    ['0.10', 10],
    ['0.01', 1],
    ['12.5', 1250],
    ['12.50', 1250],
    ['1234.56', 123456],
    ['100', 10000],
    ['100.00', 10000],
    ['007.70', 770],
    ['.5', 50],
    ['5.', 500],
    ['1.5e1', 1500],
    ['1E2', 10000],
    ['1e-2', 1],
    ['125e-2', 125],
    ['0.29', 29], // 0.29 * 100 is 28.999999999999996 in floats
    ['1.005', null],
    ['999999999.99', 99_999_999_999],
    [' 42 ', 4200],
  ] as const)('%j -> %s grosze', (text, grosze) => {
    const parsed = parseAmount(text);
    if (grosze === null) expect(parsed).toEqual({ ok: false, problem: 'tooManyDecimals' });
    else expect(parsed).toEqual({ ok: true, grosze });
  });

  it.each([
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['-0', 'notPositive'],
    ['-1', 'notPositive'],
    ['-0.01', 'notPositive'],
    ['12.345', 'tooManyDecimals'],
    ['0.001', 'tooManyDecimals'],
    ['1e-3', 'tooManyDecimals'],
    // More digits than a float holds: a float would read it as 0.1 and accept it.
    ['0.10000000000000000001', 'tooManyDecimals'],
    ['1000000000', 'tooLarge'],
    ['999999999.991', 'tooManyDecimals'],
    ['1000000000.00', 'tooLarge'],
    ['1e309', 'tooLarge'],
    ['1e999999999999', 'tooLarge'],
    ['1e-999999999999', 'tooManyDecimals'],
    ['', 'invalid'],
    ['abc', 'invalid'],
    ['12,50', 'invalid'],
    ['1 000', 'invalid'],
    ['0x10', 'invalid'],
    ['Infinity', 'invalid'],
    ['NaN', 'invalid'],
    ['.', 'invalid'],
    ['e5', 'invalid'],
    ['1'.repeat(65), 'invalid'],
  ] as const)('%j is refused: %s', (text, problem) => {
    expect(parseAmount(text)).toEqual({ ok: false, problem });
  });

  it('handles a huge exponent without building the number', () => {
    const started = performance.now();
    expect(parseAmount('9e99999999999999999999999999999').ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('round-trips every amount of grosze it writes', () => {
    for (let grosze = 1; grosze <= 20_000; grosze += 1) {
      expect(parseAmount(groszeToDecimal(grosze))).toEqual({ ok: true, grosze });
    }
    expect(parseAmount(groszeToDecimal(AMOUNT_MAX_GROSZE))).toEqual({ ok: true, grosze: AMOUNT_MAX_GROSZE });
  });
});

describe('decimal text at the edges', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [10, '0.10'],
    [123456, '1234.56'],
    [99_999_999_999, '999999999.99'],
    [-250, '-2.50'],
  ] as const)('%i grosze -> %j', (grosze, text) => {
    expect(groszeToDecimal(grosze)).toBe(text);
    expect(decimalToGrosze(text)).toBe(BigInt(grosze));
  });

  it('sums 0.10 and 0.20 to exactly 0.30', () => {
    expect(groszeToDecimal(decimalToGrosze('0.10') + decimalToGrosze('0.20'))).toBe('0.30');
  });

  it('keeps sums beyond what a float holds exactly', () => {
    const total = decimalToGrosze('999999999.99') * 100_000n + decimalToGrosze('0.01');
    expect(groszeToDecimal(total)).toBe('99999999999000.01');
  });

  it.each(['12.5', '12', '1e2', 'abc', '12.500'])('decimalToGrosze refuses %j (not an API amount)', (text) => {
    expect(() => decimalToGrosze(text)).toThrow();
  });
});
