import type { Db } from '../../db/database.js';
import type { CaseClockFacts } from '../../ports/clocks.js';
import { caseClockOf } from './case-rows.js';

/** What the deadlines module asks of cases (it never reads their tables). */
export function createCaseClock(db: Db) {
  const query = (executor: Db) =>
    executor
      .selectFrom('case_resolutions as c')
      .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
      .select(['c.id', 'c.user_id', 'c.handler_id', 'c.case_type', 'c.status', 'c.submission_date', 'c.term_months', 'c.notified_due_date', 'v.number_plate']);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;
  const factsOf = (row: Row, now: Date): CaseClockFacts => {
    const clock = caseClockOf(row, now);
    return {
      kind: 'case',
      id: Number(row.id),
      ownerId: Number(row.user_id),
      handlerId: row.handler_id === null ? null : Number(row.handler_id),
      caseType: row.case_type,
      vehicleNumberPlate: row.number_plate,
      open: row.status === 'PENDING' || row.status === 'IN_PROGRESS',
      startedAt: row.submission_date,
      termDueDate: clock.termDueDate,
      dueDate: clock.dueDate,
    };
  };
  return {
    async find(caseId: number, executor: Db = db, now = new Date()): Promise<CaseClockFacts | undefined> {
      const row = await query(executor).where('c.id', '=', caseId).executeTakeFirst();
      return row && factsOf(row, now);
    },
    /** Every undecided case: the warnings' schedule reads their clocks. */
    async listOpen(now: Date): Promise<CaseClockFacts[]> {
      return (await query(db).where('c.status', 'in', ['PENDING', 'IN_PROGRESS']).execute()).map((row) => factsOf(row, now));
    },
    async setNotifiedDueDate(caseId: number, date: string, executor: Db): Promise<void> {
      await executor.updateTable('case_resolutions').set({ notified_due_date: date }).where('id', '=', caseId).execute();
    },
  };
}
export type CaseClock = ReturnType<typeof createCaseClock>;
