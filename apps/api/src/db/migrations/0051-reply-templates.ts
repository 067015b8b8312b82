import type { Kysely } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/*
 * Issue 33 point 4: canned replies (the reply-templates module). A DEPARTMENT template names its
 * department and no owner; a PERSONAL one its owner (an employee) and no department. Name and text
 * are bounded by the contract (refused when longer, never cut). Listed by name, per department or owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await idColumn(db.schema.createTable('reply_templates'), engine)
    .addColumn('scope', 'varchar(12)', (col) => col.notNull())
    .addColumn('department', 'varchar(60)')
    .addColumn('owner_id', 'integer', (col) => col.references('users.id'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('language', 'varchar(2)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('reply_templates_department').on('reply_templates').columns(['department', 'name']).execute();
  await db.schema.createIndex('reply_templates_owner').on('reply_templates').columns(['owner_id', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reply_templates').execute();
}
