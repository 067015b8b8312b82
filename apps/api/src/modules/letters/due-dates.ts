import type { Db } from '../../db/database.js';
import { letterClockOf } from './due-date.js';

/** Rows filled per statement batch when the server starts after migration 0050. */
const FILL_BATCH = 500;

/**
 * The stored sort key of the letter queue (issue 33 point 2; migration 0050): `conversations.due_date`,
 * a copy of the date due-date.ts composes (so SQL can order and index by it), rewritten in the
 * transaction of every change of its facts: the arrival, and a delay notice's or a prompt answer's
 * new date (clock.ts).
 */
export function createConversationDueDates(db: Db) {
  async function store(ids: readonly number[], executor: Db): Promise<void> {
    if (ids.length === 0) return;
    const rows = await executor
      .selectFrom('conversations as c')
      .innerJoin('letters as l', 'l.id', 'c.letter_id')
      .select(['c.id', 'c.created_at', 'c.status', 'l.term_months', 'l.notified_due_date'])
      .where('c.id', 'in', [...ids])
      .execute();
    // The date depends on no "now"; the reading's deadline (which does) is not stored.
    const now = new Date();
    for (const row of rows) {
      // A letter has no pause, so the date is never null; the far date keeps a row out of the refill.
      const due = letterClockOf(row, now).dueDate ?? '9999-12-31';
      await executor.updateTable('conversations').set({ due_date: due }).where('id', '=', Number(row.id)).execute();
    }
  }

  return {
    /** Writes the due date of these conversations from their stored facts (in the caller's transaction). */
    store: (ids: readonly number[], executor: Db = db) => store(ids, executor),

    /** Fills the rows older than migration 0050, a batch at a time; a no-op once none is left. */
    async fillMissing(executor: Db = db): Promise<number> {
      let filled = 0;
      for (;;) {
        const batch = await executor.selectFrom('conversations').select('id').where('due_date', 'is', null).orderBy('id').limit(FILL_BATCH).execute();
        if (batch.length === 0) return filled;
        await store(batch.map((row) => Number(row.id)), executor);
        filled += batch.length;
      }
    },
  };
}
