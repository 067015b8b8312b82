import { CURRENCY } from '@portal/contract';

const localeOf = (language: string) => (language === 'pl' ? 'pl-PL' : 'en-GB');

/**
 * An amount as its readers expect it: "1 234,56 zł" in Polish, "1,234.56 PLN" in English. The
 * amount is the API's exact decimal text (or grosze summed as integers): Intl formats the text
 * itself, so no float ever rounds it. Groups always (Polish leaves 4-digit numbers ungrouped by
 * default, "1234,56", which reads worse in a column of amounts) and a no-break space keeps the
 * currency with its number.
 */
export function formatAmount(decimal: string, language: string): string {
  const number = new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(decimal as `${number}`);
  return `${number}\u00a0${language === 'pl' ? 'zł' : CURRENCY}`;
}

/** A YYYY-MM-DD date: "31.03.2026" in Polish, "31 Mar 2026" in English; anything else as it is. */
export function formatDate(isoDate: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: 'UTC',
    ...(language === 'pl' ? { day: '2-digit', month: '2-digit', year: 'numeric' } : { dateStyle: 'medium' }),
  }).format(date);
}

/** A month's name: "January" / "styczeń" for the table, "Jan" / "sty" (`short`) under a chart's bars. */
export function monthName(month: number, language: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(localeOf(language), { month: width, timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}
