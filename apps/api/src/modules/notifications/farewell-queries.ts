import type { Db } from '../../db/database.js';

/** What a farewell outbox row is made of (repository.ts's NewOutboxRow, without its keys). */
export interface FarewellRow {
  userId: number;
  kind: string;
  category: string;
  payload: unknown;
  createdAt: string;
  availableAt: string;
}

/**
 * The SQL of a closed account's farewell email (issue 35): the one outbox row written for an
 * account after its closure, with no portal entry, whose payload holds the former address only
 * until it is sent.
 */
export function createFarewellQueries(db: Db) {
  return {
    /** An outbox row without a portal entry (a closed account's farewell email). */
    async queueEmailOnly(row: FarewellRow, executor: Db): Promise<void> {
      await executor
        .insertInto('notification_outbox')
        .values({
          user_id: row.userId,
          kind: row.kind,
          category: row.category,
          payload_json: JSON.stringify(row.payload),
          created_at: row.createdAt,
          available_at: row.availableAt,
        })
        .execute();
    },

    /** Empties a sent row's payload (a closed account's former address, kept only until it was sent). */
    async forgetPayload(id: number, executor: Db = db): Promise<void> {
      await executor.updateTable('notification_outbox').set({ payload_json: '{}' }).where('id', '=', id).execute();
    },

  };
}
