import { dateTimeFormat } from './dates';
import { numberFormat } from './numbers';

/** The time of a chat message: today only the hour ("09:05"), otherwise with the date ("13 Mar 2025, 09:05"). */
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
    numberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0) return minutes % 60 > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
  return unit(minutes, 'minute');
}
