import { INVISIBLE_CHARACTER } from './fields.js';

/** What a person wrote (letters, chat messages, obligation descriptions, case comments). */
export const freeTextMessages = {
  bidiControl: 'Text cannot contain hidden text-direction characters (such as U+202E).',
} as const;

/**
 * The embeddings, overrides and isolates of the Unicode bidirectional algorithm (U+202A-U+202E,
 * U+2066-U+2069): invisible, they make text show in another order than it is stored
 * ("Trojan Source"), so a subject or message could read differently to staff than it says. The
 * marks U+200E, U+200F and U+061C stay allowed: right-to-left writing needs them and they cannot
 * reorder a run of text.
 */
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

// One character class (whitespace added to the invisible ones): an alternation of two classes
// that overlap (U+FEFF, U+2028 are both) would backtrack exponentially on a long run of them.
export const BLANK_TEXT = new RegExp(`^[\\s${INVISIBLE_CHARACTER.source.slice(1)}*$`, 'u');

/**
 * True when the text shows nothing: only whitespace and characters that are invisible or format
 * characters (zero-width spaces and joiners, U+2800, ...). Such a text is empty for every "is
 * required" or "cannot be empty" rule, so a chat message of U+200B alone is not sent.
 */
export function isBlankText(text: string): boolean {
  return BLANK_TEXT.test(text);
}

export const hasNoBidiControl = (text: string): boolean => !BIDI_CONTROL.test(text);
export const isVisibleText = (text: string): boolean => !isBlankText(text);
