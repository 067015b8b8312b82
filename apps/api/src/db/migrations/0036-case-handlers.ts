import type { Kysely } from 'kysely';

/**
 * Issue 33: a case has a handler, the clerk who set it IN_PROGRESS (null before that, and again
 * when it goes back to PENDING). Staff's lists read cases by status in submission order, and
 * "Mine" by handler: one index each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_resolutions').addColumn('handler_id', 'integer', (col) => col.references('users.id')).execute();
  await db.schema.createIndex('case_resolutions_status_submitted').on('case_resolutions').columns(['status', 'submission_date', 'id']).execute();
  await db.schema.createIndex('case_resolutions_handler').on('case_resolutions').columns(['handler_id', 'status', 'submission_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('case_resolutions_handler').execute();
  await db.schema.dropIndex('case_resolutions_status_submitted').execute();
  await db.schema.alterTable('case_resolutions').dropColumn('handler_id').execute();
}
