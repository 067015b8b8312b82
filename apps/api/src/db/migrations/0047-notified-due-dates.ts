import type { Kysely } from 'kysely';

/*
 * Issue 32 point 5: once the office missed a term it tells the citizen a new date (KPA art. 36),
 * and an admin answering a prompt may set one too (art. 37). That date replaces the term's end:
 * each matter's own table keeps it (letters module: letters; cases module: case_resolutions), so
 * the clock reads it with the term's other facts. YYYY-MM-DD in Warsaw; null while none was set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('letters').addColumn('notified_due_date', 'varchar(10)').execute();
  await db.schema.alterTable('case_resolutions').addColumn('notified_due_date', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_resolutions').dropColumn('notified_due_date').execute();
  await db.schema.alterTable('letters').dropColumn('notified_due_date').execute();
}
