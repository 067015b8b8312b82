import type { Db } from '../../db/database.js';
import { dueDateAfterNotice } from '../../plugins/legal-clock/deadline.js';
import type { CaseMatterFacts } from '../../ports/matters.js';
import { caseDueDate } from './answers/clock.js';
import { type CaseAnswerFacts, answerFactsFor, answerFactsOf } from './answers/facts.js';

const OPEN = new Set(['PENDING', 'IN_PROGRESS']);

/** The newest of ISO 8601 instants (the same format, so text order is time order). */
const newest = (times: readonly (string | null)[]): string => times.reduce<string>((a, b) => (b !== null && b > a ? b : a), '');

/**
 * A citizen's cases as "My matters" lists them (issue 32): one query on (user_id, id) with the plate
 * joined, and the answering-back facts of all of them in three more. The due date is the one the
 * case's own screen shows (its term from the submission or the latest appeal, lengthened by the
 * waits for the citizen, or a delay notice's date): a list that counted from the submission alone
 * showed a stale date after a request to supplement and after an appeal.
 */
export async function listCaseMatterFacts(userId: number, executor: Db): Promise<CaseMatterFacts[]> {
  const rows = await executor
    .selectFrom('case_resolutions as c')
    .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
    .select(['c.id', 'c.case_type', 'c.status', 'c.submission_date', 'c.status_changed_at', 'c.term_months', 'c.notified_due_date', 'v.number_plate'])
    .where('c.user_id', '=', userId)
    .execute();
  const answers = await answerFactsFor(
    rows.map((row) => Number(row.id)),
    executor,
  );
  return rows.map((row) => {
    const facts: CaseAnswerFacts = answerFactsOf(answers, Number(row.id));
    const open = OPEN.has(row.status);
    const termDue = caseDueDate({ submittedAt: row.submission_date, appealedAt: facts.appealedAt, months: Number(row.term_months), pauses: facts.pauses });
    return {
      id: Number(row.id),
      caseType: row.case_type,
      vehicleNumberPlate: row.number_plate,
      status: row.status,
      // A request to supplement, its answer and an appeal move a case as much as a status change does.
      lastActivityAt: newest([row.submission_date, row.status_changed_at, facts.appealedAt, ...facts.pauses.flatMap((pause) => [pause.from, pause.to])]),
      dueDate: dueDateAfterNotice(termDue, row.notified_due_date),
      waitingForCitizen: open && facts.waiting,
      onAppeal: open && facts.latestDecisionAppealed,
    };
  });
}
