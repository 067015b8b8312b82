import { type Kysely, sql } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * A letter opens exactly one conversation (unique letter_id); the conversation carries the
 * workflow (status, the employee who took it) and the messages hang off it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);

  await idColumn(db.schema.createTable('letters'), engine)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('recipient', 'varchar(64)', (col) => col.notNull())
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    // The client's clock as it sent it (spec payload), next to the server's own stamp.
    .addColumn('sent_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('letters_user_idx').on('letters').column('user_id').execute();

  await idColumn(db.schema.createTable('conversations'), engine)
    .addColumn('letter_id', 'integer', (col) => col.notNull().references('letters.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('employee_id', 'integer', (col) => col.references('users.id'))
    .addColumn('status', 'varchar(16)', (col) =>
      col.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'IN_PROGRESS', 'RESOLVED')`),
    )
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('taken_at', 'varchar(30)')
    .addColumn('resolved_date', 'varchar(30)')
    .execute();
  await db.schema.createIndex('conversations_letter_unique').on('conversations').unique().column('letter_id').execute();
  await db.schema.createIndex('conversations_user_idx').on('conversations').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('conversations_status_employee_idx').on('conversations').columns(['status', 'employee_id']).execute();

  await idColumn(db.schema.createTable('messages'), engine)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id'))
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  // A chat reads its messages in order: (conversation_id, id) serves that without a sort.
  await db.schema.createIndex('messages_conversation_idx').on('messages').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropTable('letters').execute();
}
