import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 point 8: the admins' dashboard counts letters by the week they arrived, were first
 * answered and were resolved. The first answer (a clerk's first message) is kept on the
 * conversation when it is sent, so a week's median never scans the messages; old conversations
 * get it from their messages here. One index per date the dashboard counts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('first_reply_at', 'varchar(30)').execute();
  await sql`update conversations set first_reply_at = (
    select min(m.sent_at) from messages m where m.conversation_id = conversations.id and m.sender_id <> conversations.user_id
  )`.execute(db);
  await db.schema.createIndex('conversations_created_at').on('conversations').columns(['created_at']).execute();
  await db.schema.createIndex('conversations_first_reply_at').on('conversations').columns(['first_reply_at']).execute();
  await db.schema.createIndex('conversations_resolved_date').on('conversations').columns(['resolved_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_resolved_date').execute();
  await db.schema.dropIndex('conversations_first_reply_at').execute();
  await db.schema.dropIndex('conversations_created_at').execute();
  await db.schema.alterTable('conversations').dropColumn('first_reply_at').execute();
}
