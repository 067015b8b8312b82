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
