import type { Kysely } from 'kysely';

/**
 * A status change carries the clerk's message to the applicant (issue 19: "a decision carries its
 * reason"). Null for every earlier change and for a change made without one (the spec's call has
 * no body). Text without a length type: the contract bounds it (CASE_DECISION_REASON_MAX).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_status_history').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('case_status_history').dropColumn('reason').execute();
}
