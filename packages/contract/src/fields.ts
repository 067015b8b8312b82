// What every field's rules share that needs no zod: the length-check options and the character
// classes patterns refuse (the zod builders are in fields-schemas.ts).

/**
 * The options of a length check that stops the field's later checks when it fails. Every field
 * whose later checks run a pattern or a refinement bounds its text with this first: zod runs every
 * check of a field even after one failed, so without it a 1 MiB text reaches the patterns.
 */
export function stopWhenLonger(message: string) {
  return { error: message, abort: true } as const;
}

/**
 * Characters that show nothing or change how the text around them is shown: controls, format
 * characters (zero-width spaces and joiners, bidi overrides like U+202E), every Unicode
 * default-ignorable code point (Hangul fillers, variation selectors...), line and paragraph
 * separators, private-use and unassigned code points, and the blank braille pattern.
 */
export const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Half of a UTF-16 pair without the other half: not text, and not storable as UTF-8. */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What a one-line field (a name, a subject, a vehicle's make) may not hold: control characters
 * (tab, CR, LF, NEL, NUL...), the line and paragraph separators U+2028 and U+2029, and halves of
 * UTF-16 pairs. Each would break the line it is shown on (a heading, a CSV row, an email's
 * header, a receipt) or could not be stored.
 */
export const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;

export const isOneLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

/** Messages every domain's fields share (Polish in fields-pl.ts). */
export const fieldMessages = {
  notOneLine: 'Must be a single line of text without control characters.',
} as const;
