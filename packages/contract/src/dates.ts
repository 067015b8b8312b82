import { polishMonths } from './dates-pl.js';

/** Today as YYYY-MM-DD in the runtime's local time zone (the citizen's, in the browser). */
export function todayIsoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written as YYYY-MM-DD (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  if (value.length !== 'YYYY-MM-DD'.length || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const englishMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * A calendar date (YYYY-MM-DD) as a sentence or a field writes it, with the month spelled out:
 * "2 May 2024" / "2 maja 2024" (Polish takes the genitive). No time zone moves it. Anything that is
 * not such a date is returned as it is.
 */
export function writeCalendarDate(value: string, language: 'en' | 'pl'): string {
  if (!isIsoDate(value)) return value;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const names = language === 'pl' ? polishMonths.inDate : englishMonths;
  return `${day} ${names[month - 1]} ${year}`;
}

/** A month standing alone, spelled out: "May" / "maj" (Polish: the nominative); `month` is 1-12. */
export function writeMonth(month: number, language: 'en' | 'pl'): string {
  return (language === 'pl' ? polishMonths.alone : englishMonths)[month - 1] ?? String(month);
}
