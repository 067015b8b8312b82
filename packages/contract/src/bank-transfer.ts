// Paying an obligation by bank transfer: the city's account number (NRB) and the two-dimensional
// payment code of the Polish banks' recommendation (Związek Banków Polskich, "Rekomendacja ZBP
// dotycząca kodu dwuwymiarowego", 2013), which banking apps scan to fill in a domestic transfer.

import { withoutTrailing } from './text.js';

/** A Polish account number (NRB): 2 check digits, 8 digits of the bank, 16 of the account. */
export const NRB_DIGITS = 26;
export const NRB_SHAPE = new RegExp(`^\\d{${NRB_DIGITS}}$`);

/**
 * The 26 digits of an account number written as people write it ("61 1090 1014 0000 0712 1981
 * 2874", optionally with "PL" in front, spaces or hyphens between groups), or null when it is not
 * 26 digits. Says nothing about the check digits: see `isValidNrb`.
 */
export function normalizeNrb(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').replace(/^PL/i, '');
  return NRB_SHAPE.test(compact) ? compact : null;
}

/**
 * True when the check digits of the NRB are right: as an IBAN ("PL" + NRB) the number must leave
 * remainder 1 modulo 97 (ISO 13616), with P = 25 and L = 21 moved behind the account digits.
 */
export function isValidNrb(nrb: string): boolean {
  if (!NRB_SHAPE.test(nrb)) return false;
  const rearranged = `${nrb.slice(2)}2521${nrb.slice(0, 2)}`;
  return BigInt(rearranged) % 97n === 1n;
}

/** "61109010140000071219812874" -> "61 1090 1014 0000 0712 1981 2874", the way banks print it. */
export function formatNrb(nrb: string): string {
  return `${nrb.slice(0, 2)} ${nrb.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

/** Field lengths of the recommendation. The amount is six digits of grosze: at most 9 999.99 PLN. */
export const PAYMENT_CODE_AMOUNT_MAX_GROSZE = 999_999;
const RECIPIENT_NAME_MAX = 20;
const TITLE_MAX = 32;

/**
 * Text the payment code may carry: letters (Polish ones included), digits, spaces and a few signs.
 * Above all never the field separator "|", which would shift every later field.
 */
function paymentCodeText(text: string, max: number): string {
  const kept = text.replace(/[^\p{L}\p{N} ,.\-/]/gu, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(kept).slice(0, max).join('').trim();
}

export interface PaymentCodeInput {
  /** 26 digits. */
  nrb: string;
  amountGrosze: number;
  recipientName: string;
  title: string;
}

/**
 * The string the two-dimensional payment code holds, fields separated by "|":
 * recipient's NIP (empty: optional for a transfer to an account) | country "PL" | NRB (26 digits) |
 * amount in grosze (6 digits, zero-padded) | recipient name (up to 20 characters) | title (up to
 * 32) | three reserved fields (empty). Null when the amount does not fit the six digits: such a
 * transfer is entered by hand.
 */
export function paymentCode({ nrb, amountGrosze, recipientName, title }: PaymentCodeInput): string | null {
  if (!isValidNrb(nrb)) throw new Error('paymentCode needs a valid 26-digit NRB');
  if (!Number.isSafeInteger(amountGrosze) || amountGrosze <= 0 || amountGrosze > PAYMENT_CODE_AMOUNT_MAX_GROSZE) return null;
  return [
    '',
    'PL',
    nrb,
    String(amountGrosze).padStart(6, '0'),
    paymentCodeText(recipientName, RECIPIENT_NAME_MAX),
    paymentCodeText(title, TITLE_MAX),
    '',
    '',
    '',
  ].join('|');
}

/**
 * The transfer title that identifies an obligation in the city's bank statement: its number, then
 * as many whole words of its description as fit the 32 characters the payment code allows.
 */
export function obligationTransferTitle(obligation: { id: number; description: string | null }): string {
  const base = `FO ${obligation.id}`;
  const description = obligation.description ? paymentCodeText(obligation.description, 200) : '';
  if (!description) return base;
  const full = `${base} ${description}`;
  if (Array.from(full).length <= TITLE_MAX) return full;
  // Cut at the last whole word that fits, so a bank statement never shows half a word.
  const fitting = Array.from(full).slice(0, TITLE_MAX + 1).join('');
  const lastSpace = fitting.lastIndexOf(' ');
  return lastSpace > base.length ? withoutTrailing(fitting.slice(0, lastSpace), ' ,.-/') : base;
}
