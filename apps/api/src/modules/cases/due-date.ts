import type { CaseStatus, DeadlineState } from '@portal/contract';
import { deadlineStateOf, dueDateAfterNotice } from '../../plugins/legal-clock/deadline.js';
import { caseDueDate as termFromStart } from './answers/clock.js';
import type { CaseAnswerFacts } from './answers/facts.js';

/*
 * THE one composition of a case's legal clock (issue 32 points 4, 5 and 8). Every reader goes
 * through caseClockOf: the case's answers and lists, "My matters", the staff lists' stored sort
 * key, the deadlines module's clock (warnings, delay notice, prompt) and the dashboard's count (by
 * the stored key). Two functions that each counted "their" date disagreed as soon as a case was
 * paused or appealed; this is the only place the order of the steps is written:
 *
 *   1. the term in months from the submission, or from the latest appeal (a new term, art. 129);
 *   2. lengthened by the days the office waited for the citizen since then (art. 35 §5), and no
 *      date at all while it still waits (the clock stands);
 *   3. replaced by the new date of a delay notice or a prompt's answer (art. 36) — which an appeal
 *      clears and a pause moves on (the cases module keeps `notified_due_date` so).
 */

/** The statuses of an undecided case: its clock runs, and the staff's open lists hold it. */
export const OPEN_CASE_STATUSES: readonly CaseStatus[] = ['PENDING', 'IN_PROGRESS'];

export const isOpenCase = (status: string): boolean => (OPEN_CASE_STATUSES as readonly string[]).includes(status);

/** The case row's part of the facts. */
export interface CaseClockRow {
  submission_date: string;
  term_months: number | string;
  notified_due_date: string | null;
  status: string;
}

/** What the answering back adds (answers/facts.ts reads it for a page of cases in three queries). */
export type CaseClockAnswers = Pick<CaseAnswerFacts, 'appealedAt' | 'pauses'>;

export interface CaseClockReading {
  /** Where the running term began: the latest appeal, else the submission. */
  startedAt: string;
  /** The statutory term's end with its pauses (a prompt counts from it, art. 37 §1); null while waiting. */
  termDueDate: string | null;
  /** The date the office owes its answer; null while it waits for the citizen. */
  dueDate: string | null;
  /** "due soon" / "overdue" while the case is undecided. */
  deadline: DeadlineState;
}

export function caseClockOf(row: CaseClockRow, answers: CaseClockAnswers, now: Date): CaseClockReading {
  const startedAt = answers.appealedAt ?? row.submission_date;
  const termDueDate = termFromStart({ submittedAt: row.submission_date, appealedAt: answers.appealedAt, months: Number(row.term_months), pauses: answers.pauses });
  const waiting = answers.pauses.some((pause) => pause.to === null && pause.from >= startedAt);
  const dueDate = waiting ? null : dueDateAfterNotice(termDueDate, row.notified_due_date);
  const deadline = isOpenCase(row.status) ? deadlineStateOf({ startedAt, dueDate }, now) : null;
  return { startedAt, termDueDate, dueDate, deadline };
}
