import type { Kysely } from 'kysely';

/**
 * Issue 34 point 5: the generated session key no longer lives in the database (auth_secrets),
 * where any copy of the database or a backup let its holder mint an ADMIN token. It is now a 0600
 * file beside the audit key (plugins/auth/secret.ts). The old key is dropped, not moved out: every
 * backup made so far holds it, so a key that was ever in the database stays known. An installation
 * that upgrades signs everyone out once (their tokens were signed with it) and unsubscribe links in
 * emails sent before the upgrade stop working; the newer emails' links work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_secrets').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The table comes back empty: a key that was dropped is not restored.
  await db.schema
    .createTable('auth_secrets')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
}
