import type { Kysely } from 'kysely';

/*
 * Issue 32 point 4: the office's legal clock. The admin's terms per department (letters) and per
 * case type (cases), in months; a department or type without a row has the statutory default
 * (one month; two for a particularly complicated case). Each letter and case keeps the term it got
 * when it arrived, so a later change of the admin's terms never moves a date already promised;
 * every earlier matter had the one-month default. A case's term grows once, when a clerk finds it
 * particularly complicated, with the reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('department_terms')
    .addColumn('department', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('months', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('case_type_terms')
    .addColumn('case_type', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('months', 'integer', (col) => col.notNull())
    .addColumn('complicated_months', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('letters').addColumn('term_months', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('case_resolutions').addColumn('term_months', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('case_resolutions').addColumn('complicated_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_resolutions').dropColumn('complicated_reason').execute();
  await db.schema.alterTable('case_resolutions').dropColumn('term_months').execute();
  await db.schema.alterTable('letters').dropColumn('term_months').execute();
  await db.schema.dropTable('case_type_terms').execute();
  await db.schema.dropTable('department_terms').execute();
}
