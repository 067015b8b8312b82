import { SUBJECT_PREVIEW_LENGTH } from '@portal/contract';

/** Spec sections 2 and 9: the citizen's list shows each subject cut to its first 6 characters and '...'. */
export function previewSubject(subject: string): string {
  // Array.from counts characters, not UTF-16 halves, so an emoji or 'ż' is never split.
  return `${Array.from(subject).slice(0, SUBJECT_PREVIEW_LENGTH).join('')}...`;
}

/** A date and time the reader can read in their language, e.g. "14 March 2025 at 09:30"; invalid input is shown as is. */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** The time of a chat message: today only the hour, otherwise with the date. */
export function formatMessageTime(value: string, language: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = language === 'pl' ? 'pl-PL' : 'en-GB';
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
