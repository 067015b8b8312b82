import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/**
 * Issue 33: internal notes, staff's words to colleagues about a case (cases module) or a
 * conversation (letters module). Staff only: no citizen-facing answer reads these tables. The body
 * is text without a length type: the contract bounds it (INTERNAL_NOTE_MAX) and refuses longer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await idColumn(db.schema.createTable('case_notes'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('case_notes_case').on('case_notes').columns(['case_id', 'id']).execute();

  await idColumn(db.schema.createTable('conversation_notes'), engine)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversation_notes_conversation').on('conversation_notes').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_notes').execute();
  await db.schema.dropTable('case_notes').execute();
}
