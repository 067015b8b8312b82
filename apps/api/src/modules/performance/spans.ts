import { PERFORMANCE_WEEKS, PUBLIC_PERFORMANCE_MONTHS } from '@portal/contract';
import { addTermDays, addTermMonths, endOfDueDate, warsawDateOf } from '../../plugins/legal-clock/terms.js';

/** The instant a Warsaw calendar day begins, ISO 8601 UTC (the stamps' form, so SQL compares them as text). */
export const warsawDayStart = (date: string): string => new Date(endOfDueDate(addTermDays(date, -1))).toISOString();

/** Days since Monday of a 'YYYY-MM-DD' date (0 on Monday). */
const daysSinceMonday = (date: string): number => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The dashboard's weeks, Monday to Sunday in Warsaw (a DST change moves no boundary): the current
 * week and the ones before it, oldest first, with the instants between them (one more than weeks).
 */
export function dashboardWeeks(now: Date, count: number = PERFORMANCE_WEEKS): { starts: string[]; bounds: string[] } {
  const today = warsawDateOf(now);
  const thisMonday = addTermDays(today, -daysSinceMonday(today));
  const starts = Array.from({ length: count }, (_, index) => addTermDays(thisMonday, -7 * (count - 1 - index)));
  const bounds = [...starts, addTermDays(thisMonday, 7)].map(warsawDayStart);
  return { starts, bounds };
}

/** The public page's span: the 12 months up to today in Warsaw, both days included, up to `now`. */
export function publicSpan(now: Date): { from: string; to: string; bounds: [string, string] } {
  const to = warsawDateOf(now);
  const from = addTermDays(addTermMonths(to, -PUBLIC_PERFORMANCE_MONTHS), 1);
  return { from, to, bounds: [warsawDayStart(from), now.toISOString()] };
}
