import type { Db } from '../../db/database.js';
import type { LetterClockFacts } from '../../ports/clocks.js';
import { letterClockOf } from './due-date.js';
import { createConversationDueDates } from './due-dates.js';

/**
 * What the deadlines module asks of letters (it never reads their tables): a letter's clock, the
 * clocks of all letters still open (the warnings' schedule), and storing a new due date.
 */
export function createLetterClock(db: Db) {
  const dueDates = createConversationDueDates(db);
  const query = (executor: Db) =>
    executor
      .selectFrom('conversations as c')
      .innerJoin('letters as l', 'l.id', 'c.letter_id')
      .select(['c.id', 'c.letter_id', 'c.user_id', 'c.employee_id', 'c.status', 'c.created_at', 'l.subject', 'l.term_months', 'l.notified_due_date']);
  type Row = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;
  const factsOf = (row: Row, now: Date): LetterClockFacts => {
    const clock = letterClockOf(row, now);
    return {
      kind: 'letter',
      id: Number(row.id),
      letterId: Number(row.letter_id),
      ownerId: Number(row.user_id),
      handlerId: row.employee_id === null ? null : Number(row.employee_id),
      subject: row.subject,
      open: row.status !== 'RESOLVED',
      startedAt: clock.startedAt,
      termDueDate: clock.termDueDate,
      dueDate: clock.dueDate,
    };
  };
  return {
    async find(conversationId: number, executor: Db = db, now = new Date()): Promise<LetterClockFacts | undefined> {
      const row = await query(executor).where('c.id', '=', conversationId).executeTakeFirst();
      return row && factsOf(row, now);
    },
    /** Every letter not yet resolved: the warnings' schedule reads their clocks. */
    async listOpen(now: Date): Promise<LetterClockFacts[]> {
      return (await query(db).where('c.status', '<>', 'RESOLVED').execute()).map((row) => factsOf(row, now));
    },
    /** The new due date of a delay notice or a prompt's answer (KPA art. 36), and the queue's sort key with it, in the change's transaction. */
    async setNotifiedDueDate(conversationId: number, date: string, executor: Db): Promise<void> {
      const letter = executor.selectFrom('conversations').select('letter_id').where('id', '=', conversationId);
      await executor.updateTable('letters').set({ notified_due_date: date }).where('id', '=', letter).execute();
      await dueDates.store([conversationId], executor);
    },
  };
}
export type LetterClock = ReturnType<typeof createLetterClock>;
