import { sql } from 'kysely';
import type { DatabaseConfig } from './config.js';
import { createDatabase, type DatabaseHandle, type Db, migrateToLatest } from './database.js';

/** Any fixed 64-bit number: one process at a time grants (concurrent GRANTs on one table collide). */
const GRANT_LOCK_KEY = 0x6772616e74;

/**
 * The rights of the API's role when it is not the owner (DATABASE_MIGRATION_URL set): read and
 * write every table, but on audit_log only INSERT, SELECT and the chainer's UPDATE of the chain's
 * columns, and on the migrations' bookkeeping
 * only SELECT of kysely_migration (for /readyz). Owning nothing, it cannot drop or disable the
 * audit triggers, TRUNCATE, or (not
 * being a superuser) set session_replication_role to skip them. Re-run at every start, so a table
 * a later migration adds is covered.
 */
async function grantApiRole(owner: Db, role: string): Promise<void> {
  const who = sql.id(role);
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GRANT_LOCK_KEY})`.execute(trx);
    await sql`grant usage on schema public to ${who}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema public to ${who}`.execute(trx);
    await sql`grant usage, select on all sequences in schema public to ${who}`.execute(trx);
    await sql`revoke update, delete, truncate, references, trigger on audit_log from ${who}`.execute(trx);
    // The chainer links unchained rows: UPDATE of the chain's columns only, and the triggers let
    // it fill them once, on an unchained row (migration 0064), and never change a chained one.
    await sql`grant update (chain_id, prev_hash, hash) on audit_log to ${who}`.execute(trx);
    await sql`revoke all on kysely_migration, kysely_migration_lock from ${who}`.execute(trx);
    // Read-only, so /readyz can tell whether every migration is applied.
    await sql`grant select on kysely_migration to ${who}`.execute(trx);
  });
}

/**
 * Brings the schema up to date. With a separate owner (PostgreSQL's DATABASE_MIGRATION_URL) the
 * migrations run on a short-lived connection as that owner, which then grants the API's role
 * (whoever `app` connects as) exactly what it needs; otherwise `app` migrates its own schema.
 */
export async function prepareSchema(config: DatabaseConfig, app: DatabaseHandle): Promise<void> {
  if (config.engine !== 'postgres' || !config.migrationUrl) return migrateToLatest(app.db);
  const owner = createDatabase({ engine: 'postgres', url: config.migrationUrl });
  try {
    await migrateToLatest(owner.db);
    const [apiRole, ownerRole] = await Promise.all([currentRole(app.db), currentRole(owner.db)]);
    if (apiRole !== ownerRole) await grantApiRole(owner.db, apiRole);
  } finally {
    await owner.destroy();
  }
}

async function currentRole(db: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  const role = rows[0]?.role;
  if (!role) throw new Error('PostgreSQL did not name the current role');
  return role;
}
