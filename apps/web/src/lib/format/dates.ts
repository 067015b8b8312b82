import { calendarNames } from './calendar-names';
import { formatLanguageOf } from './locale';

/** A day and a time of day as numbers, read in the reader's time zone or, for a calendar date, as written. */
export type Moment = { year: number; month: number; day: number; hours: number; minutes: number; seconds: number };

const local = (date: Date): Moment => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
  hours: date.getHours(),
  minutes: date.getMinutes(),
  seconds: date.getSeconds(),
});
const utc = (date: Date): Moment => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
  hours: date.getUTCHours(),
  minutes: date.getUTCMinutes(),
  seconds: date.getUTCSeconds(),
});

/** "5 Mar 2026" / "5 marca 2026" (Polish abbreviates no month: see calendar-names.ts); `long`: "5 March 2026" / "5 marca 2026". */
function writeDay({ year, month, day }: Moment, language: string, long: boolean): string {
  const names = calendarNames[formatLanguageOf(language)];
  return `${day} ${(long ? names.longInDate : names.shortInDate)[month]} ${year}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "09:30", or "09:30:15" with `seconds`: a 24-hour clock in both languages. */
function writeTime({ hours, minutes, seconds }: Moment, withSeconds: boolean): string {
  return `${twoDigits(hours)}:${twoDigits(minutes)}${withSeconds ? `:${twoDigits(seconds)}` : ''}`;
}

/** A moment's day and time: "14 Mar 2025, 09:30" in a row; spelled out, "14 March 2025 at 09:30" / "14 marca 2025 09:30". */
export function writeDayAndTime(moment: Moment, language: string, { long, seconds }: { long: boolean; seconds: boolean }): string {
  const joint = !long ? ', ' : formatLanguageOf(language) === 'pl' ? ' ' : ' at ';
  return `${writeDay(moment, language, long)}${joint}${writeTime(moment, seconds)}`;
}

/** The moment a text names in the reader's time zone, or undefined when it names none. */
function localMoment(value: string): Moment | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : local(date);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as every screen shows it: "5 Mar 2026" / "5 marca 2026". A calendar date (YYYY-MM-DD: a due
 * date, a registration date) is shown as written, never moved by the time zone; an instant shows
 * its day in the reader's time zone. Anything else is shown as it is.
 */
export function formatDate(value: string, language: string, { long = false }: { long?: boolean } = {}): string {
  // `long` spells the month out ("15 December 2026" / "15 grudnia 2026"): for a sentence, where an abbreviation reads badly.
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return Number.isNaN(date.getTime()) ? value : writeDay(utc(date), language, long);
  }
  const moment = localMoment(value);
  return moment ? writeDay(moment, language, long) : value;
}

/**
 * A moment in the reader's time zone, as every screen shows it: "14 March 2025 at 09:30" /
 * "14 marca 2025 09:30"; `seconds` for a record where order within a minute matters (the audit log);
 * `compact` for a row of a list or a button, with the month shortened as in a chat's earlier days:
 * "14 Mar 2025, 09:30" / "14 marca 2025, 09:30". Anything that is no date is shown as it is.
 */
export function formatDateTime(value: string, language: string, { seconds = false, compact = false }: { seconds?: boolean; compact?: boolean } = {}): string {
  const moment = localMoment(value);
  return moment ? writeDayAndTime(moment, language, { long: !compact, seconds }) : value;
}

/** The time of a chat message: today only the hour ("09:05"), otherwise with the date ("13 Mar 2025, 09:05"). */
export function formatMessageTime(value: string, language: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? writeTime(local(date), false) : writeDayAndTime(local(date), language, { long: false, seconds: false });
}

/** A month's name: "January" / "styczeń" for a table, "Jan" / "sty" (`short`) under a chart's bars. */
export function monthName(month: number, language: string, width: 'long' | 'short' = 'long'): string {
  return calendarNames[formatLanguageOf(language)][width][month - 1] ?? String(month);
}

