/** A tree of translated texts. Keys are identifiers; leaves are the displayed strings. */
export type TranslationTree = { readonly [key: string]: string | TranslationTree };

/** The same keys as `T`, any strings: a Polish tree that misses a key does not compile. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A module of Polish texts (`i18n-pl.ts` beside a feature's `i18n.ts`): loaded only for a reader of Polish. */
export type PolishModule<T> = { readonly pl: SameKeys<T> };

/**
 * A namespace's texts: the English tree, and the import of its Polish tree, whose keys must be
 * the English ones (`pl: () => import('./i18n-pl')`).
 */
export type Translations<T extends TranslationTree> = { en: T; pl: () => Promise<PolishModule<NoInfer<T>>> };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
