// Money is exact end to end: integer grosze (1/100 PLN) inside, a decimal text such as "1234.50" at
// every edge, and never a binary float in between (0.1 + 0.2 is not 0.3 in floats; 10 + 20 grosze
// is always 30). Amounts are read from their text digit by digit, so nothing is rounded on the way.

import { withoutTrailing } from './text.js';

/** The largest amount one obligation may have: 999 999 999.99 PLN (fits a 64-bit integer of grosze). */
export const AMOUNT_MAX_GROSZE = 99_999_999_999;
export const AMOUNT_MAX = '999999999.99';
/** Longer amount texts are refused before any work is done on them. */
const AMOUNT_TEXT_MAX = 64;

export type AmountProblem = 'invalid' | 'notPositive' | 'tooManyDecimals' | 'tooLarge';
export type ParsedAmount = { ok: true; grosze: number } | { ok: false; problem: AmountProblem };

// A JSON number (with or without sign, fraction, exponent), also ".5" and "5." as people type them.
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * The amount a decimal text stands for, in grosze, or why it is no obligation amount. Exact for
 * any text: "0.1" is 10 grosze, "1.5e1" is 1500, "1e309" is too large (not Infinity), "12.345"
 * has too many decimals (not 1235). Text only: a JS number must be turned into text first
 * (`String(n)` gives the shortest text that reads back as the same number).
 */
export function parseAmount(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > AMOUNT_TEXT_MAX) return { ok: false, problem: 'invalid' };
  const match = DECIMAL_TEXT.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid' };
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  if (whole.length === 0 && fraction.length === 0) return { ok: false, problem: 'invalid' };

  // value = digits * 10^exponent, with digits free of leading and trailing zeros
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits.length === 0) return { ok: false, problem: 'notPositive' };
  if (sign === '-') return { ok: false, problem: 'notPositive' };
  let exponent = BigInt(exponentText) - BigInt(fraction.length);
  const trailingZeros = digits.length - withoutTrailing(digits, '0').length;
  digits = digits.slice(0, digits.length - trailingZeros);
  exponent += BigInt(trailingZeros);

  // In grosze the value is digits * 10^(exponent + 2); a negative power leaves a fraction of a grosz.
  const groszeExponent = exponent + 2n;
  if (groszeExponent < 0n) return { ok: false, problem: 'tooManyDecimals' };
  if (BigInt(digits.length) + groszeExponent > BigInt(String(AMOUNT_MAX_GROSZE).length)) {
    return { ok: false, problem: 'tooLarge' };
  }
  const grosze = BigInt(digits) * 10n ** groszeExponent;
  if (grosze > BigInt(AMOUNT_MAX_GROSZE)) return { ok: false, problem: 'tooLarge' };
  return { ok: true, grosze: Number(grosze) };
}

/** Grosze as the decimal text every API answer carries: 123456 -> "1234.56", 5 -> "0.05". */
export function groszeToDecimal(grosze: number | bigint): string {
  const value = BigInt(grosze);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Grosze of an amount as the API answers it ("1234.56"), for sums on the client. Throws on text
 * that is not such an amount: it would be a broken answer, not user input.
 */
export function decimalToGrosze(decimal: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(decimal);
  if (!match) throw new Error(`Not an amount with two decimals: ${JSON.stringify(decimal)}`);
  const [, sign, whole = '0', cents = '00'] = match;
  const value = BigInt(whole) * 100n + BigInt(cents);
  return sign === '-' ? -value : value;
}
