import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';

/**
 * Issue 35: the replies a person saw on screen (the open chat marked the conversation read up to a
 * message) are read in their list too, and those whose email was not queued yet get none. Only the
 * person's own `reply` entries of that conversation, up to that message.
 */
export async function markRepliesRead(trx: Db, read: { userId: number; conversationId: number; upToMessageId: number; at: string }): Promise<void> {
  const postgres = engineOf(trx) === 'postgres';
  const field = (name: string) =>
    postgres ? sql<number>`(payload_json::jsonb ->> ${sql.lit(name)})::integer` : sql<number>`json_extract(payload_json, ${sql.lit(`$.${name}`)})`;
  await trx
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<string>`${read.at}`), email_pending: null }))
    .where('user_id', '=', read.userId)
    .where('kind', '=', 'reply')
    .where((eb) => eb.or([eb('read_at', 'is', null), eb('email_pending', 'is not', null)]))
    .where(field('conversationId'), '=', read.conversationId)
    .where(field('messageId'), '<=', read.upToMessageId)
    .execute();
}
