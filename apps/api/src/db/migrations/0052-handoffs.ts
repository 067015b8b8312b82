import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/*
 * Issue 33 points 6-7 and issue 32 point 8: handing work on. Each transfer, release and
 * reopening of a conversation is a row of its history (letters module), each reassignment and
 * release of a case one of its own (cases module), with the reason: the citizen reads a letter's,
 * staff both. The admin's numbers (stale-assignment working days, the reopening window) are rows
 * of `desk_settings` (letters module); a missing row is the contract's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await idColumn(db.schema.createTable('conversation_handoffs'), engine)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('from_department', 'varchar(64)', (col) => col.notNull())
    .addColumn('to_department', 'varchar(64)', (col) => col.notNull())
    .addColumn('from_employee_id', 'integer', (col) => col.references('users.id'))
    .addColumn('to_employee_id', 'integer', (col) => col.references('users.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversation_handoffs_conversation').on('conversation_handoffs').columns(['conversation_id', 'id']).execute();

  await idColumn(db.schema.createTable('case_handoffs'), engine)
    .addColumn('case_id', 'integer', (col) => col.notNull().references('case_resolutions.id'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('from_handler_id', 'integer', (col) => col.references('users.id'))
    .addColumn('to_handler_id', 'integer', (col) => col.references('users.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('case_handoffs_case').on('case_handoffs').columns(['case_id', 'id']).execute();

  await db.schema
    .createTable('desk_settings')
    .addColumn('name', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('desk_settings').execute();
  await db.schema.dropTable('case_handoffs').execute();
  await db.schema.dropTable('conversation_handoffs').execute();
}
