/** A tree of translated texts. Keys are identifiers; leaves are the displayed strings. */
export type TranslationTree = { readonly [key: string]: string | TranslationTree };

/** The same keys as `T`, any strings: a Polish tree that misses or adds a key does not compile. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Translations<T extends TranslationTree> = { en: T; pl: SameKeys<T> };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
