import type { Db } from '../../../db/database.js';
import { answerFactsFor, answerFactsOf } from '../answers/facts.js';
import { caseClockOf } from '../due-date.js';

/** Rows filled per batch when the server starts after migration 0050. */
const FILL_BATCH = 500;
/** The sort key of a case with no due date (the office waits for the citizen): after every dated one. */
export const NO_DUE_DATE = '9999-12-31';

/**
 * The stored sort key of staff's case lists (issue 33 point 1; migration 0050):
 * `case_resolutions.due_date`, a copy of the date due-date.ts composes, so SQL can order and index
 * by it. Every change of a fact that date reads rewrites it in the change's own transaction: the
 * submission, a longer term (particularly complicated), a delay notice or a prompt's answer, a
 * request to supplement and its answer, an appeal. A waiting case sorts last (nothing is due).
 */
export function createCaseDueDates(db: Db) {
  async function store(ids: readonly number[], executor: Db): Promise<void> {
    if (ids.length === 0) return;
    const rows = await executor
      .selectFrom('case_resolutions')
      .select(['id', 'submission_date', 'term_months', 'notified_due_date', 'status'])
      .where('id', 'in', [...ids])
      .execute();
    const answers = await answerFactsFor(ids, executor);
    // The date depends on no "now"; the reading's deadline (which does) is not stored.
    const now = new Date();
    for (const row of rows) {
      const due = caseClockOf(row, answerFactsOf(answers, Number(row.id)), now).dueDate ?? NO_DUE_DATE;
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
