import type { Kysely } from 'kysely';

/*
 * Issue 33 points 1-2: the staff lists sort by the date the answer is due, overdue first. That date
 * (KPA art. 57: months, then off weekends and Polish days off) cannot be computed in SQL on both
 * engines, so each matter stores it: `due_date`, 'YYYY-MM-DD' in Warsaw, written by its module when
 * the matter arrives and whenever its term changes (a case found particularly complicated). Text of
 * that form sorts as dates do. Null only for rows older than this migration: the letters and cases
 * modules fill those in batches when the server starts. The indexes lead with the status so a queue
 * page (`status = 'OPEN' order by due_date, id limit n`) reads the index in order at any size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('due_date', 'varchar(10)').execute();
  await db.schema.createIndex('conversations_status_due').on('conversations').columns(['status', 'due_date', 'id']).execute();
  await db.schema.createIndex('conversations_employee_due').on('conversations').columns(['employee_id', 'status', 'due_date']).execute();
  // The archive's date range (its department is the letter's, joined by the letter's key).
  await db.schema.createIndex('conversations_status_resolved').on('conversations').columns(['status', 'resolved_date']).execute();
  await db.schema.alterTable('case_resolutions').addColumn('due_date', 'varchar(10)').execute();
  await db.schema.createIndex('case_resolutions_status_due').on('case_resolutions').columns(['status', 'due_date', 'id']).execute();
  await db.schema.createIndex('case_resolutions_handler_due').on('case_resolutions').columns(['handler_id', 'status', 'due_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('case_resolutions_handler_due').execute();
  await db.schema.dropIndex('case_resolutions_status_due').execute();
  await db.schema.alterTable('case_resolutions').dropColumn('due_date').execute();
  await db.schema.dropIndex('conversations_status_resolved').execute();
  await db.schema.dropIndex('conversations_employee_due').execute();
  await db.schema.dropIndex('conversations_status_due').execute();
  await db.schema.alterTable('conversations').dropColumn('due_date').execute();
}
