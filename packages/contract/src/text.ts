// Small text helpers that a pattern would do in quadratic time.

/**
 * `text` without the run of `characters` at its end. A pattern like `/[/]+$/` is tried from every
 * position of a long run and costs quadratic time; this walks back once.
 */
export function withoutTrailing(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}
