import type { Kysely } from 'kysely';

/**
 * Issue 35 point 5: an admin may refuse a request to close an account, with a reason the citizen
 * reads (and may then ask again: the same row is asked again, the refusal cleared). A withdrawn
 * request deletes its row, as if never asked; the audit trail keeps both steps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_closures').addColumn('refused_at', 'varchar(30)').execute();
  await db.schema.alterTable('account_closures').addColumn('refused_by', 'integer').execute();
  await db.schema.alterTable('account_closures').addColumn('refusal_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['refusal_reason', 'refused_by', 'refused_at']) await db.schema.alterTable('account_closures').dropColumn(column).execute();
}
