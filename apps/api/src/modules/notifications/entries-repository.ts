import type { NotificationCategory } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { fromFlag, toFlag } from '../../db/portable.js';

// The portal's half of the notifications repository: the bell's entries and each person's email
// switches (the outbox of emails is repository.ts).

/** SQL for the notification entries and settings; every method takes an optional executor. */
export function createEntriesRepository(db: Db) {
  return {
    async addEntry(entry: { userId: number; kind: string; payload: unknown; createdAt: string }, executor: Db = db): Promise<void> {
      await executor
        .insertInto('notifications')
        .values({ user_id: entry.userId, kind: entry.kind, payload_json: JSON.stringify(entry.payload), created_at: entry.createdAt })
        .execute();
    },

    listEntries(userId: number, limit: number, executor: Db = db) {
      return executor.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
    },

    async countUnread(userId: number, executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async ownerOfEntry(id: number, executor: Db = db): Promise<number | undefined> {
      const row = await executor.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
      return row?.user_id;
    },

    /** Marks one entry (or, without `id`, every entry) of `userId` read; already read ones keep their time. */
    async markRead(userId: number, at: string, id?: number, executor: Db = db): Promise<void> {
      let query = executor.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (id !== undefined) query = query.where('id', '=', id);
      await query.execute();
    },

    /** The stored switches of each of `userIds` (a category without a row is on). */
    async settingsFor(userIds: readonly number[], executor: Db = db): Promise<Map<number, Partial<Record<NotificationCategory, boolean>>>> {
      const found = new Map<number, Partial<Record<NotificationCategory, boolean>>>();
      if (userIds.length === 0) return found;
      const rows = await executor
        .selectFrom('notification_settings')
        .select(['user_id', 'category', 'email'])
        .where('user_id', 'in', [...new Set(userIds)])
        .execute();
      for (const row of rows) found.set(row.user_id, { ...found.get(row.user_id), [row.category]: fromFlag(row.email) });
      return found;
    },

    async setSetting(userId: number, category: NotificationCategory, email: boolean, at: string, executor: Db = db): Promise<void> {
      await executor
        .insertInto('notification_settings')
        .values({ user_id: userId, category, email: toFlag(email), updated_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'category']).doUpdateSet({ email: toFlag(email), updated_at: at }))
        .execute();
    },
  };
}
