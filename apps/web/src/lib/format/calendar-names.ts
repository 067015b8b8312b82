// The names CLDR gives the months in the two languages the portal speaks, as Chromium's and Node's
// Intl write them (format-matches-intl.test.ts holds every one of them to Intl), but for the Polish
// abbreviation inside a date (see shortInDate). Kept as data so
// that a screen's first frame formats a date without building an Intl formatter: see index.ts.

import { polishMonths } from '@portal/contract';
import type { FormatLanguage } from './locale';

type MonthNames = readonly [string, string, string, string, string, string, string, string, string, string, string, string];

export type CalendarNames = {
  /**
   * Abbreviated, inside a date: "14 Sept 2025". Polish spells the month out in the genitive even
   * in a row ("2 maja 2024"): CLDR's abbreviation leaves May ("2 maj 2024") in the nominative, which
   * no Polish office writes (issue 35).
   */
  readonly shortInDate: MonthNames;
  /** Spelled out, inside a date: "14 September 2025", "14 września 2025" (Polish takes the genitive). */
  readonly longInDate: MonthNames;
  /** Abbreviated, on its own: a chart's bar. */
  readonly short: MonthNames;
  /** Spelled out, on its own: a table's row ("wrzesień", the nominative). */
  readonly long: MonthNames;
};

const englishShort: MonthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const englishLong: MonthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const polishShort: MonthNames = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];

export const calendarNames: Record<FormatLanguage, CalendarNames> = {
  en: { shortInDate: englishShort, longInDate: englishLong, short: englishShort, long: englishLong },
  pl: {
    shortInDate: polishMonths.inDate,
    longInDate: polishMonths.inDate,
    short: polishShort,
    long: polishMonths.alone,
  },
};
