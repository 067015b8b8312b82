/** The one place the page's language becomes a formatting locale: Polish as in Poland, English as in Britain (day before month). */
export function localeOf(language: string): string {
  return language === 'pl' ? 'pl-PL' : 'en-GB';
}
