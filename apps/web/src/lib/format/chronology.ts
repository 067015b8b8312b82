/**
 * Earlier moments first (ISO 8601 texts, a date or an instant), for Array.prototype.sort. Compares
 * the instants, not the texts: String.prototype.localeCompare goes through the browser's collation,
 * whose first use in a tab costs as much as a date formatter (see index.ts), and ignores
 * punctuation that a time's text needs.
 */
export function compareMoments(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b);
}

// Built when first asked for: no first screen sorts names.
let collator: Intl.Collator | undefined;

/** Names in the order a reader expects them ("adam", "Beata", "celina"), for Array.prototype.sort. */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator();
  return collator.compare(a, b);
}
