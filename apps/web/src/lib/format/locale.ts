/** The languages the portal's formats are written for; anything else reads as English. */
export type FormatLanguage = 'en' | 'pl';

/** The page's language as one of the formats' languages. */
export function formatLanguageOf(language: string): FormatLanguage {
  return language === 'pl' ? 'pl' : 'en';
}

/** The one place the page's language becomes a formatting locale: Polish as in Poland, English as in Britain (day before month). */
export function localeOf(language: string): string {
  return formatLanguageOf(language) === 'pl' ? 'pl-PL' : 'en-GB';
}
