import { type Kysely, sql } from 'kysely';

/*
 * Issue 34 point 14: a chat's order as its messages commit. Message ids come from one sequence,
 * handed out when a row is inserted: with several API processes, id 11 may commit after id 12,
 * and a client catching up "after 12" never sees 11. `messages.seq` numbers a conversation's
 * messages 1, 2, 3... from `conversations.last_message_seq`, which each send increments in its own
 * transaction: the row lock that takes is held to the commit, so a later number never commits
 * before an earlier one of the same conversation. Existing messages are numbered in id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('last_message_seq', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('messages').addColumn('seq', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update messages set seq = (select count(*) from messages earlier
    where earlier.conversation_id = messages.conversation_id and earlier.id <= messages.id)`.execute(db);
  await sql`update conversations set last_message_seq = (select count(*) from messages where messages.conversation_id = conversations.id)`.execute(db);
  await db.schema.createIndex('messages_conversation_seq_unique').unique().on('messages').columns(['conversation_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_conversation_seq_unique').execute();
  await db.schema.alterTable('messages').dropColumn('seq').execute();
  await db.schema.alterTable('conversations').dropColumn('last_message_seq').execute();
}
