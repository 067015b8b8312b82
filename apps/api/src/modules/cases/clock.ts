import type { Db } from '../../db/database.js';
import type { CaseClockFacts } from '../../ports/clocks.js';
import { answerFactsFor, answerFactsInBatches, answerFactsOf, type CaseAnswerFacts } from './answers/facts.js';
import { createCaseDueDates } from './desk/due-dates.js';
import { caseClockOf, OPEN_CASE_STATUSES } from './due-date.js';

/**
 * What the deadlines module asks of cases (it never reads their tables): the clock composed in
 * due-date.ts, pauses and appeals included, so the warnings, the delay notice and the prompt read
 * the date the case's own screens show.
 */
export function createCaseClock(db: Db) {
  const dueDates = createCaseDueDates(db);
  const query = (executor: Db) =>
    executor
      .selectFrom('case_resolutions as c')
      .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
      .select(['c.id', 'c.user_id', 'c.handler_id', 'c.case_type', 'c.status', 'c.submission_date', 'c.term_months', 'c.notified_due_date', 'v.number_plate']);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;
  const factsOf = (row: Row, answers: Map<number, CaseAnswerFacts>, now: Date): CaseClockFacts => {
    const clock = caseClockOf(row, answerFactsOf(answers, Number(row.id)), now);
    return {
      kind: 'case',
      id: Number(row.id),
      ownerId: Number(row.user_id),
      handlerId: row.handler_id === null ? null : Number(row.handler_id),
      caseType: row.case_type,
      vehicleNumberPlate: row.number_plate,
      open: row.status === 'PENDING' || row.status === 'IN_PROGRESS',
      startedAt: clock.startedAt,
      termDueDate: clock.termDueDate,
      dueDate: clock.dueDate,
    };
  };
  return {
    async find(caseId: number, executor: Db = db, now = new Date()): Promise<CaseClockFacts | undefined> {
      const row = await query(executor).where('c.id', '=', caseId).executeTakeFirst();
      return row && factsOf(row, await answerFactsFor([caseId], executor), now);
    },
    /** Every undecided case: the warnings' schedule reads their clocks. */
    async listOpen(now: Date): Promise<CaseClockFacts[]> {
      const rows = await query(db).where('c.status', 'in', [...OPEN_CASE_STATUSES]).execute();
      const answers = await answerFactsInBatches(rows.map((row) => Number(row.id)), db);
      return rows.map((row) => factsOf(row, answers, now));
    },
    /** A delay notice's or a prompt answer's new date, and the staff lists' sort key with it, in the change's transaction. */
    async setNotifiedDueDate(caseId: number, date: string, executor: Db): Promise<void> {
      await executor.updateTable('case_resolutions').set({ notified_due_date: date }).where('id', '=', caseId).execute();
      await dueDates.store([caseId], executor);
    },
  };
}
export type CaseClock = ReturnType<typeof createCaseClock>;
