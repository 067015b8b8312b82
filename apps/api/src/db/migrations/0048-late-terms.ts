import { type Kysely, sql } from 'kysely';
import { engineOf, idColumn } from '../portable.js';

/*
 * Issue 32 points 5 and 6 (the deadlines module's tables): the delay notices sent (KPA art. 36),
 * the citizens' prompts (art. 37) with the admins' answers, and the warnings a clerk was given.
 * A matter is (matter_kind, matter_id): 'letter' with the conversation's id, 'case' with the case's.
 * `deadline_warnings` has one row per matter, due date and threshold: its primary key is what makes
 * a warning happen once however many API processes run the schedule at the same moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await idColumn(db.schema.createTable('delay_notices'), engine)
    .addColumn('matter_kind', 'varchar(8)', (col) => col.notNull().check(sql`matter_kind in ('letter', 'case')`))
    .addColumn('matter_id', 'integer', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('new_due_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('previous_due_date', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('delay_notices_matter').on('delay_notices').columns(['matter_kind', 'matter_id', 'id']).execute();

  await idColumn(db.schema.createTable('matter_prompts'), engine)
    .addColumn('matter_kind', 'varchar(8)', (col) => col.notNull().check(sql`matter_kind in ('letter', 'case')`))
    .addColumn('matter_id', 'integer', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('answer_by', 'varchar(10)', (col) => col.notNull())
    .addColumn('answered_at', 'varchar(30)')
    .addColumn('answered_by', 'integer', (col) => col.references('users.id'))
    .addColumn('answer', 'text')
    .addColumn('new_due_date', 'varchar(10)')
    .execute();
  await db.schema.createIndex('matter_prompts_matter').on('matter_prompts').columns(['matter_kind', 'matter_id', 'id']).execute();
  // The admins' list: open prompts, oldest first.
  await db.schema.createIndex('matter_prompts_open').on('matter_prompts').columns(['answered_at', 'id']).execute();

  await db.schema
    .createTable('deadline_warnings')
    .addColumn('matter_kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('matter_id', 'integer', (col) => col.notNull())
    .addColumn('due_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('warning', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('deadline_warnings_pk', ['matter_kind', 'matter_id', 'due_date', 'warning'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deadline_warnings').execute();
  await db.schema.dropTable('matter_prompts').execute();
  await db.schema.dropTable('delay_notices').execute();
}
