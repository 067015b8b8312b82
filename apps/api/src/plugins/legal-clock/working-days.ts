import { addTermDays, endOfDueDate, isWorkingDay, warsawDateOf, workingDaysLeft } from './terms.js';

/*
 * Idle time in the office's working days (issue 33 point 7: an assignment nobody on the staff
 * touched for N working days is stale). Built on the legal clock's calendar (Warsaw, weekends,
 * statutory days off); no "now" of its own.
 */

/** Working days after the day of `instant` up to and including today (Warsaw), e.g. Friday -> Monday: 1. */
export const idleWorkingDays = (instant: string, now: Date): number => workingDaysLeft(warsawDateOf(instant), warsawDateOf(now));

/**
 * The instant before which a last action is at least `workingDays` working days old: the start (in
 * Warsaw) of the day after the latest day that has that many working days after it up to today.
 * A query then compares stored instants with it, and `idleWorkingDays` agrees with the query.
 */
export function staleBefore(now: Date, workingDays: number): string {
  let day = warsawDateOf(now);
  let counted = 0;
  while (counted < workingDays) {
    if (isWorkingDay(day)) counted += 1;
    day = addTermDays(day, -1);
  }
  // endOfDueDate writes Warsaw's offset; stored instants are UTC ('Z') text, compared as text.
  return new Date(endOfDueDate(day)).toISOString();
}
