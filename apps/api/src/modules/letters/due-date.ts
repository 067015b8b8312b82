import type { ConversationStatus, DeadlineState } from '@portal/contract';
import { deadlineStateOf, dueDateAfterNotice } from '../../plugins/legal-clock/deadline.js';
import { termDueDate } from '../../plugins/legal-clock/terms.js';

/*
 * THE one composition of a letter's legal clock (issue 32 points 4 and 5), as due-date.ts of the
 * cases module is for a case. Every reader goes through letterClockOf: the conversation's answers,
 * "My matters", the queue's stored sort key (due-dates.ts), and the deadlines module's clock
 * (warnings, delay notice, prompt). A letter has no pause and no appeal (a reopened letter keeps
 * its term), so the steps are two: the term in months from its arrival on the server (KPA art.
 * 237), replaced by the new date of a delay notice or a prompt's answer (art. 36).
 */

export interface LetterClockRow {
  created_at: string;
  term_months: number | string;
  notified_due_date: string | null;
  status: ConversationStatus;
}

export interface LetterClockReading {
  startedAt: string;
  /** The statutory term's end, without any new date (a prompt counts from it, art. 37 §1). */
  termDueDate: string | null;
  /** The date the office owes its answer. */
  dueDate: string | null;
  /** "due soon" / "overdue" while the conversation is not resolved. */
  deadline: DeadlineState;
}

export function letterClockOf(row: LetterClockRow, now: Date): LetterClockReading {
  const term = termDueDate({ startedAt: row.created_at, months: Number(row.term_months) });
  const dueDate = dueDateAfterNotice(term, row.notified_due_date);
  const deadline = row.status === 'RESOLVED' ? null : deadlineStateOf({ startedAt: row.created_at, dueDate }, now);
  return { startedAt: row.created_at, termDueDate: term, dueDate, deadline };
}
