// The names CLDR gives the months in the two languages the portal speaks, as Chromium's and Node's
// Intl write them (format-matches-intl.test.ts holds every one of them to Intl). Kept as data so
// that a screen's first frame formats a date without building an Intl formatter: see index.ts.

import type { FormatLanguage } from './locale';

type MonthNames = readonly [string, string, string, string, string, string, string, string, string, string, string, string];

export type CalendarNames = {
  /** Abbreviated, inside a date: "14 Sept 2025", "14 wrz 2025". */
  readonly shortInDate: MonthNames;
  /** Spelled out, inside a date: "14 September 2025", "14 września 2025" (Polish takes the genitive). */
  readonly longInDate: MonthNames;
  /** Abbreviated, on its own: a chart's bar. */
  readonly short: MonthNames;
  /** Spelled out, on its own: a table's row ("wrzesień"). */
  readonly long: MonthNames;
};

const englishShort: MonthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const englishLong: MonthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const polishShort: MonthNames = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];

export const calendarNames: Record<FormatLanguage, CalendarNames> = {
  en: { shortInDate: englishShort, longInDate: englishLong, short: englishShort, long: englishLong },
  pl: {
    shortInDate: polishShort,
    longInDate: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
    short: polishShort,
    long: ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'],
  },
};
