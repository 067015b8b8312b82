import type { Kysely } from 'kysely';

/**
 * Issue 21:
 * - sessions: one row per issued token (keyed by its jti), so "Your sessions" can list them and
 *   any API process can end them. `last_active_at` is the staff idle time-out's clock: in the
 *   database, so every process agrees and a restart forgets nothing. Ending a session is the
 *   existing revocation (revoked_tokens); this table only describes sessions.
 * - account_closures: a citizen's request to close their account and the admin's approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('started_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_active_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
    .addColumn('address', 'varchar(64)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'expires_at']).execute();

  await db.schema
    .createTable('account_closures')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id'))
    .addColumn('requested_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('closed_by', 'integer', (col) => col.references('users.id'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_closures').execute();
  await db.schema.dropTable('sessions').execute();
}
