import { type Kysely, sql } from 'kysely';

/**
 * Issue 18, the write's cost: a chat reply's email is no longer queued by the send itself. The
 * send writes only the reply's portal entry (which it writes anyway), marked `email_pending`; the
 * delivery worker turns marked entries into debounced outbox rows and clears the mark in one
 * transaction of its own (notifications/service.ts: relayReplies). The entry is the durable record,
 * committed with the message; the outbox row follows from it, exactly once. The partial index
 * holds only the marked entries, so the worker's look for them stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('email_pending', 'integer').execute();
  await db.schema.createIndex('notifications_email_pending').on('notifications').column('id').where(sql.ref('email_pending'), '=', 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_email_pending').execute();
  await db.schema.alterTable('notifications').dropColumn('email_pending').execute();
}
