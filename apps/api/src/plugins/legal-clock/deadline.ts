import type { DeadlineState, DeadlineWarning } from '@portal/contract';
import { addTermDays, isInLastWorkingDays, isPastDue, shareOfTermElapsed, warsawDateOf } from './terms.js';

/*
 * What the clock says of a matter today (issue 32 points 5 and 6): the due date after a delay
 * notice, "due soon" and "overdue", the warnings a clerk gets, and when a prompt may be sent.
 * Pure, like terms.ts: the caller passes the stored facts and its clock.
 */

/** The share of the term after which a matter is "due soon" (75 %). */
export const DUE_SOON_SHARE = 0.75;
/** A matter is "due soon" on its last this many working days too. */
export const LAST_WORKING_DAYS = 3;

/**
 * THE due date of a matter: the term's end as terms.ts counts it (with any pauses), replaced by
 * the new date of the office's latest delay notice or prompt answer (KPA art. 36 §1). Modules that
 * change the term (pauses, appeals) compute `termDue` their way and pass it through here.
 */
export const dueDateAfterNotice = (termDue: string | null, notifiedDueDate: string | null | undefined): string | null =>
  notifiedDueDate ?? termDue;

/** The facts the clock reads: when the matter arrived and its due date (null while the office waits). */
export interface ClockFacts {
  startedAt: string;
  dueDate: string | null;
}

/** Every warning threshold reached at `now`, in order; the last is the one to tell of. */
export function warningsReached({ startedAt, dueDate }: ClockFacts, now: Date): DeadlineWarning[] {
  if (dueDate === null) return [];
  if (isPastDue(dueDate, now)) return ['three-quarters', 'last-days', 'overdue'];
  const reached: DeadlineWarning[] = [];
  if (shareOfTermElapsed(startedAt, dueDate, now) >= DUE_SOON_SHARE) reached.push('three-quarters');
  const today = warsawDateOf(now);
  // A weekend before the last three working days is not one of them; the 75 % still counts.
  if (isInLastWorkingDays(today, dueDate, LAST_WORKING_DAYS)) reached.push('last-days');
  return reached;
}

/** What the queues show: "overdue" once the due date ended, "due soon" from 75 % or the last 3 working days. */
export function deadlineStateOf(facts: ClockFacts, now: Date): DeadlineState {
  const reached = warningsReached(facts, now);
  if (reached.includes('overdue')) return 'overdue';
  return reached.length > 0 ? 'due-soon' : null;
}

/**
 * KPA art. 37 §1: a party may prompt once the matter was not handled in its term (art. 35 or a
 * special rule) — the statutory term, not the office's own new date: art. 36 tells the party of
 * that right in the very notice that sets the new date. The first day a prompt may be sent.
 */
export const promptOpensOn = (termDue: string): string => addTermDays(termDue, 1);

/** The day `days` calendar days after an instant's Warsaw day (a prompt's 7 days, art. 37 §6). */
export const warsawDaysAfter = (instant: string, days: number): string => addTermDays(warsawDateOf(instant), days);
