import type { Db } from '../../../db/database.js';
import { termDueDate } from '../../../plugins/legal-clock/terms.js';

/** Rows filled per batch when the server starts after migration 0050. */
const FILL_BATCH = 500;

/**
 * The stored sort key of staff's case lists (issue 33 point 1; migration 0050):
 * `case_resolutions.due_date`, the legal clock's date for the submission and the case's term,
 * written when the case arrives and when its term grows (particularly complicated). Answers still
 * compute `dueDate` from the same facts on each read (case-rows.ts); SQL orders by this copy.
 */
export function createCaseDueDates(db: Db) {
  async function store(ids: readonly number[], executor: Db): Promise<void> {
    if (ids.length === 0) return;
    const rows = await executor.selectFrom('case_resolutions').select(['id', 'submission_date', 'term_months']).where('id', 'in', [...ids]).execute();
    for (const row of rows) {
      // No pauses for cases yet, so never null; the far date keeps a row out of the refill.
      const due = termDueDate({ startedAt: row.submission_date, months: Number(row.term_months) }) ?? '9999-12-31';
      await executor.updateTable('case_resolutions').set({ due_date: due }).where('id', '=', Number(row.id)).execute();
    }
  }

  return {
    store: (ids: readonly number[], executor: Db = db) => store(ids, executor),

    /** Fills the rows older than migration 0050, a batch at a time; a no-op once none is left. */
    async fillMissing(executor: Db = db): Promise<number> {
      let filled = 0;
      for (;;) {
        const batch = await executor.selectFrom('case_resolutions').select('id').where('due_date', 'is', null).orderBy('id').limit(FILL_BATCH).execute();
        if (batch.length === 0) return filled;
        await store(batch.map((row) => Number(row.id)), executor);
        filled += batch.length;
      }
    },
  };
}
