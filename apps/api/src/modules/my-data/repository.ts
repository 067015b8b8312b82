import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';

/**
 * SQL of this module's one table, the requests to close an account (issue 21). The export and the
 * closure's erasure read and write other tables only through the modules' hooks (plugins/personal-data.ts).
 */
export function createMyDataRepository(db: Db) {
  return {
    closure: (userId: number, executor: Db = db) =>
      executor.selectFrom('account_closures').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /**
     * Whether the account is closed, asked in the transaction of a change that would notify it.
     * PostgreSQL: the request's row is share-locked, so an approval running at the same time
     * either waits for that change (and then deletes what it wrote) or is seen by it.
     */
    async isClosed(userId: number, trx: Db): Promise<boolean> {
      let query = trx.selectFrom('account_closures').select('closed_at').where('user_id', '=', userId);
      if (engineOf(trx) === 'postgres') query = query.forShare();
      const row = await query.executeTakeFirst();
      return row !== undefined && row.closed_at !== null;
    },

    /**
     * True when this request was recorded: a new one, or one asked again after a refusal (the
     * refusal is cleared); false when one is pending or the account is closed.
     */
    async requestClosure(userId: number, at: string, trx: Db): Promise<boolean> {
      const result = await trx
        .insertInto('account_closures')
        .values({ user_id: userId, requested_at: at })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ requested_at: at, refused_at: null, refused_by: null, refusal_reason: null })
            .where('account_closures.refused_at', 'is not', null)
            .where('account_closures.closed_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** The citizen withdraws a pending request (deleted, as if never asked); false when none was pending. */
    async withdrawClosure(userId: number, trx: Db): Promise<boolean> {
      const result = await trx.deleteFrom('account_closures').where('user_id', '=', userId).where('closed_at', 'is', null).where('refused_at', 'is', null).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** An admin refuses a pending request; false when none was pending. */
    async refuseClosure(userId: number, refusal: { by: number; at: string; reason: string }, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable('account_closures')
        .set({ refused_at: refusal.at, refused_by: refusal.by, refusal_reason: refusal.reason })
        .where('user_id', '=', userId)
        .where('closed_at', 'is', null)
        .where('refused_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    pendingClosures: () =>
      db
        .selectFrom('account_closures')
        .select(['user_id', 'requested_at'])
        .where('closed_at', 'is', null)
        .where('refused_at', 'is', null)
        .orderBy('requested_at')
        .execute(),

    /** Marks a pending request closed; false when there was none (already closed, or never asked). */
    async markClosed(userId: number, by: number, at: string, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable('account_closures')
        .set({ closed_at: at, closed_by: by })
        .where('user_id', '=', userId)
        .where('closed_at', 'is', null)
        .where('refused_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
