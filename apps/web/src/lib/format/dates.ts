import { localeOf } from './locale';

// Building an Intl formatter costs far more than using one, and a chat formats a time per message:
// each kind is made once per locale.
const formats = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as every screen shows it: "5 Mar 2026" / "5 mar 2026". A calendar date (YYYY-MM-DD: a due
 * date, a registration date) is shown as written, never moved by the time zone; an instant shows
 * its day in the reader's time zone. Anything else is shown as it is.
 */
export function formatDate(value: string, language: string, { long = false }: { long?: boolean } = {}): string {
  // `long` spells the month out ("15 December 2026" / "15 grudnia 2026"): for a sentence, where an abbreviation reads badly.
  const dateStyle = long ? 'long' : 'medium';
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return Number.isNaN(date.getTime()) ? value : dateTimeFormat(language, { dateStyle, timeZone: 'UTC' }).format(date);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat(language, { dateStyle }).format(date);
}

/**
 * A moment in the reader's time zone, as every screen shows it: "14 March 2025 at 09:30" /
 * "14 marca 2025 09:30"; `seconds` for a record where order within a minute matters (the audit log);
 * `compact` for a row of a list or a button, with the month shortened as in a chat's earlier days:
 * "14 Mar 2025, 09:30" / "14 mar 2025, 09:30". Anything that is no date is shown as it is.
 */
export function formatDateTime(value: string, language: string, { seconds = false, compact = false }: { seconds?: boolean; compact?: boolean } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(language, { dateStyle: compact ? 'medium' : 'long', timeStyle: seconds ? 'medium' : 'short' }).format(date);
}

/** A month's name: "January" / "styczeń" for a table, "Jan" / "sty" (`short`) under a chart's bars. */
export function monthName(month: number, language: string, width: 'long' | 'short' = 'long'): string {
  return dateTimeFormat(language, { month: width, timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}
