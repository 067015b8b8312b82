import type { Db } from '../../db/database.js';
import type { CaseMatterFacts } from '../../ports/matters.js';
import { type CaseAnswerFacts, answerFactsInBatches, answerFactsOf } from './answers/facts.js';
import { caseClockOf, isOpenCase } from './due-date.js';

/** The newest of ISO 8601 instants (the same format, so text order is time order). */
const newest = (times: readonly (string | null)[]): string => times.reduce<string>((a, b) => (b !== null && b > a ? b : a), '');

/**
 * A citizen's cases as "My matters" lists them (issue 32): one query on (user_id, id) with the plate
 * joined, and the answering-back facts of all of them in batches. The due date is the one the
 * case's own screen shows (due-date.ts): a list that counted from the submission alone showed a
 * stale date after a request to supplement and after an appeal.
 */
export async function listCaseMatterFacts(userId: number, executor: Db): Promise<CaseMatterFacts[]> {
  const rows = await executor
    .selectFrom('case_resolutions as c')
    .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
    .select(['c.id', 'c.case_type', 'c.status', 'c.submission_date', 'c.status_changed_at', 'c.term_months', 'c.notified_due_date', 'v.number_plate'])
    .where('c.user_id', '=', userId)
    .execute();
  const answers = await answerFactsInBatches(
    rows.map((row) => Number(row.id)),
    executor,
  );
  const now = new Date();
  return rows.map((row) => {
    const facts: CaseAnswerFacts = answerFactsOf(answers, Number(row.id));
    const open = isOpenCase(row.status);
    return {
      id: Number(row.id),
      caseType: row.case_type,
      vehicleNumberPlate: row.number_plate,
      status: row.status,
      // A request to supplement, its answer and an appeal move a case as much as a status change does.
      lastActivityAt: newest([row.submission_date, row.status_changed_at, facts.appealedAt, ...facts.pauses.flatMap((pause) => [pause.from, pause.to])]),
      // The one composition of the case's clock (due-date.ts): null while the office waits for the citizen.
      dueDate: caseClockOf(row, facts, now).dueDate,
      waitingForCitizen: open && facts.waiting,
      onAppeal: open && facts.latestDecisionAppealed,
    };
  });
}
