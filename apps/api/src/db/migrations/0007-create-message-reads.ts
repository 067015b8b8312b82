import type { Kysely } from 'kysely';

/**
 * What each participant has read of a conversation: one row per (conversation, user) holding the
 * newest message id they have seen. Unread counts are the others' messages past that id, so they
 * survive a reload and agree across browsers, devices and API processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_reads')
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('last_read_message_id', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_reads_pkey', ['conversation_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reads').execute();
}
