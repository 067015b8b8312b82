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

/**
 * A Polish tax number (NIP) as people write it ("PL 123-456-32-18", "1234563218"): its 10 digits,
 * or null when it is not 10 digits. Says nothing about the check digit: see `isValidNip`.
 */
export function normalizeNip(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').replace(/^PL/i, '');
  return /^\d{10}$/.test(compact) ? compact : null;
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/**
 * True when the NIP's last digit is its check digit: the first nine digits weighted 6 5 7 2 3 4 5 6 7,
 * summed, modulo 11 (a remainder of 10 is never issued).
 */
export function isValidNip(nip: string): boolean {
  if (!/^\d{10}$/.test(nip)) return false;
  const digits = Array.from(nip, Number);
  const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  const check = sum % 11;
  return check !== 10 && check === digits[9];
}

/** Field lengths of the recommendation. The amount is six digits of grosze: at most 9 999.99 PLN. */
export const PAYMENT_CODE_AMOUNT_MAX_GROSZE = 999_999;
const RECIPIENT_NAME_MAX = 20;
const TITLE_MAX = 32;

/**
 * Text the payment code may carry: letters (Polish ones included), digits, spaces and a few signs.
 * Above all never the field separator "|", which would shift every later field. NFKC first, so a
 * ligature ("ﬁ") or a full-width letter becomes the letters a bank's form can take ("fi").
 */
function paymentCodeText(text: string): string {
  return text.normalize('NFKC').replace(/[^\p{L}\p{N} ,.\-/]/gu, ' ').replace(/\s+/g, ' ').trim();
}

const length = (text: string): number => Array.from(text).length;

/**
 * `text` cut to at most `max` characters at the last space that fits, so no word is split ("Urząd
 * Miasta Łódź", not "Urząd Miasta Łódź Wy"); trailing separators go too. A first word longer than
 * `max` is the one case cut mid-word: something must be left.
 */
export function cutAtWord(text: string, max: number): string {
  if (length(text) <= max) return text;
  const fitting = Array.from(text).slice(0, max + 1).join('');
  const lastSpace = fitting.lastIndexOf(' ');
  if (lastSpace <= 0) return Array.from(text).slice(0, max).join('');
  return withoutTrailing(fitting.slice(0, lastSpace), ' ,.-/');
}

export interface PaymentCodeInput {
  /** 26 digits. */
  nrb: string;
  amountGrosze: number;
  recipientName: string;
  title: string;
  /** The recipient's tax number (10 digits, valid check digit); absent: the field stays empty. */
  nip?: string | null;
}

/**
 * The string the two-dimensional payment code holds, fields separated by "|":
 * recipient's NIP (10 digits, or empty: optional for a transfer to an account) | country "PL" |
 * NRB (26 digits) | amount in grosze (6 digits, zero-padded) | recipient name (up to 20 characters)
 * | title (up to 32) | three reserved fields (empty). Name and title are cut between words. Null
 * when the amount does not fit the six digits: such a transfer is entered by hand.
 */
export function paymentCode({ nrb, amountGrosze, recipientName, title, nip = null }: PaymentCodeInput): string | null {
  if (!isValidNrb(nrb)) throw new Error('paymentCode needs a valid 26-digit NRB');
  if (nip !== null && !isValidNip(nip)) throw new Error('paymentCode needs a valid 10-digit NIP or none');
  if (!Number.isSafeInteger(amountGrosze) || amountGrosze <= 0 || amountGrosze > PAYMENT_CODE_AMOUNT_MAX_GROSZE) return null;
  return [
    nip ?? '',
    'PL',
    nrb,
    String(amountGrosze).padStart(6, '0'),
    cutAtWord(paymentCodeText(recipientName), RECIPIENT_NAME_MAX),
    cutAtWord(paymentCodeText(title), TITLE_MAX),
    '',
    '',
    '',
  ].join('|');
}

/** The reference that names an obligation to people and in bank statements: "FO 19". */
export const obligationReference = (id: number): string => `FO ${id}`;

/** English and Polish words that only lead into the next ones: a cut title does not end on them. */
const LEADING_WORDS = new Set(
  ['a', 'an', 'the', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'and', 'or', 'with', 'from']
    .concat(['w', 'we', 'z', 'ze', 'za', 'na', 'do', 'od', 'o', 'i', 'oraz', 'lub', 'dla', 'po', 'przy', 'u']),
);

/** Where a description reads as finished: after a comma, semicolon, colon or a spaced dash. */
const PHRASE_END = /[,;:](?= )| -(?= )/g;

/**
 * The transfer title that identifies an obligation in the city's bank statement: its reference,
 * always whole, then as much of its description as fits the 32 characters the payment code allows.
 * A description that does not fit is cut at the end of its last whole phrase ("FO 19 Property tax",
 * not "FO 19 Property tax, 2nd") when that keeps at least half the title; else at a word boundary,
 * never ending on a word that leads into the cut-off part ("for", "za").
 */
export function obligationTransferTitle(obligation: { id: number; description: string | null }): string {
  const base = obligationReference(obligation.id);
  const description = obligation.description ? paymentCodeText(obligation.description) : '';
  if (!description) return base;
  const full = `${base} ${description}`;
  if (length(full) <= TITLE_MAX) return full;
  const fitting = Array.from(full).slice(0, TITLE_MAX + 1).join('');
  const lastSpace = fitting.lastIndexOf(' ');
  // Not even the description's first word fits whole: the reference alone is clearer than half a word.
  if (lastSpace <= base.length) return base;
  const byWord = withoutTrailing(fitting.slice(0, lastSpace), ' ,.-/');
  const ends = [...byWord.matchAll(PHRASE_END)].map((match) => match.index).filter((index) => index > base.length);
  const lastEnd = ends.at(-1);
  if (lastEnd !== undefined && length(byWord.slice(0, lastEnd)) >= TITLE_MAX / 2) return withoutTrailing(byWord.slice(0, lastEnd), ' ,.-/');
  // A word that only leads into what was cut off ("Building permit fee for") goes too.
  let kept = byWord;
  for (;;) {
    const space = kept.lastIndexOf(' ');
    if (space <= base.length || !LEADING_WORDS.has(kept.slice(space + 1).toLowerCase())) return kept;
    kept = withoutTrailing(kept.slice(0, space), ' ,.-/');
  }
}
