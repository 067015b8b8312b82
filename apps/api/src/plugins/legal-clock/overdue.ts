import { addTermDays, addTermMonths, endOfDueDate, isPastDue, termDueDate, warsawDateOf } from './terms.js';

/**
 * For counting overdue matters in SQL (the dashboard's "overdue now", issue 33 point 8): the
 * instant before which a matter with a term of `months` and no pause must have arrived to be past
 * its due date at `now`. A later arrival never has an earlier due date, so one cutoff per term
 * splits the matters; it is found by walking the arrival day until the due date changes sides.
 * (Pauses — the office waiting for the citizen — only lengthen a term; none are stored yet.)
 */
export function overdueArrivalCutoff(months: number, now: Date): string {
  const pastDue = (arrivalDay: string) => {
    const due = termDueDate({ startedAt: `${arrivalDay}T12:00:00.000Z`, months });
    return due !== null && isPastDue(due, now);
  };
  let day = addTermMonths(warsawDateOf(now), -months);
  while (pastDue(day)) day = addTermDays(day, 1);
  // `day` is not past due; walk back to the last arrival day that is.
  do day = addTermDays(day, -1);
  while (!pastDue(day));
  // endOfDueDate writes Warsaw's offset; rows are stamped in UTC ("Z"), and SQL compares them as text.
  return new Date(endOfDueDate(day)).toISOString();
}

/** The cutoff of every term from `min` to `max` months. */
export function overdueArrivalCutoffs(min: number, max: number, now: Date): Map<number, string> {
  const cutoffs = new Map<number, string>();
  for (let months = min; months <= max; months += 1) cutoffs.set(months, overdueArrivalCutoff(months, now));
  return cutoffs;
}
