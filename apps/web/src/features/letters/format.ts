import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';

/** Spec sections 2 and 9: the citizen's list shows each subject cut to its first 6 characters and '...'. */
export function previewSubject(subject: string): string {
  // Array.from counts characters, not UTF-16 halves, so an emoji or 'ż' is never split.
  return `${Array.from(subject).slice(0, SUBJECT_PREVIEW_LENGTH).join('')}...`;
}

const localeOf = (language: string) => (language === 'pl' ? 'pl-PL' : 'en-GB');

// Building an Intl formatter costs far more than using one, and a chat formats a time per message:
// each kind is made once per language.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${options.dateStyle ?? ''}|${options.timeStyle ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(localeOf(language), options)));
  return format;
}

/** A date and time the reader can read in their language, e.g. "14 March 2025 at 09:30"; invalid input is shown as is. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A date alone, short, e.g. "14 Mar 2025" / "14 mar 2025"; invalid input is shown as is. */
export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** The time of a chat message: today only the hour, otherwise with the date. */
export function formatMessageTime(value: string, language: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const sameDay = date.toDateString() === now.toDateString();
  return dateTimeFormat(language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const MINUTE_MS = 60_000;

/**
 * How long something has waited since `since`, in its two largest units with the language's own
 * plurals ("2 days 3 hours", "1 godzina 5 minut"); undefined under a minute (or for a bad date).
 */
export function formatWaitingTime(since: string, language: string, now: Date = new Date()): string | undefined {
  const start = new Date(since).getTime();
  if (Number.isNaN(start)) return undefined;
  const minutes = Math.floor((now.getTime() - start) / MINUTE_MS);
  if (minutes < 1) return undefined;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0) return minutes % 60 > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
  return unit(minutes, 'minute');
}
