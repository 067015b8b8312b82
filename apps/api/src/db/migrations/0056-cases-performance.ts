import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 point 8: the dashboard counts cases by the week they arrived, were first acted on by
 * staff (taken or decided: a case's "first reply") and were first decided (RESOLVED or REJECTED).
 * Both moments are kept on the case when its status changes; old cases get them from their
 * history here. One index per date the dashboard counts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_resolutions').addColumn('first_action_at', 'varchar(30)').execute();
  await db.schema.alterTable('case_resolutions').addColumn('decided_at', 'varchar(30)').execute();
  await sql`update case_resolutions set
    first_action_at = (select min(h.changed_at) from case_status_history h where h.case_id = case_resolutions.id and h.changed_by is not null),
    decided_at = (select min(h.changed_at) from case_status_history h where h.case_id = case_resolutions.id and h.status in ('RESOLVED', 'REJECTED'))`.execute(db);
  await db.schema.createIndex('case_resolutions_submission_date').on('case_resolutions').columns(['submission_date']).execute();
  await db.schema.createIndex('case_resolutions_first_action_at').on('case_resolutions').columns(['first_action_at']).execute();
  await db.schema.createIndex('case_resolutions_decided_at').on('case_resolutions').columns(['decided_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('case_resolutions_decided_at').execute();
  await db.schema.dropIndex('case_resolutions_first_action_at').execute();
  await db.schema.dropIndex('case_resolutions_submission_date').execute();
  await db.schema.alterTable('case_resolutions').dropColumn('decided_at').execute();
  await db.schema.alterTable('case_resolutions').dropColumn('first_action_at').execute();
}
