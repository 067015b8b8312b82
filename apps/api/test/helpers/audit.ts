import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import type { AuditLogRow, NewAuditLogRow } from '../../src/db/schema.js';
import { loadAuditKey } from '../../src/modules/audit/audit-key.js';
import { GENESIS_HASH, rowHash } from '../../src/modules/audit/chain.js';
import { createCheckpointFile } from '../../src/modules/audit/checkpoints.js';
import { createAuditRepository } from '../../src/modules/audit/repository.js';
import { type AuditKeyring, type ChainedRowFields, chainedContentOf, createAuditService } from '../../src/modules/audit/service.js';

/** The audit key and checkpoint file of a suite's config: the same ones its servers use. */
export function auditKeyringOf(config: Config, now?: () => string): AuditKeyring {
  const key = loadAuditKey(config.audit);
  return { key, checkpoints: createCheckpointFile(config.audit.checkpointFile, key), now };
}

/** An audit service on `db` with the suite's key and checkpoint. */
export const auditServiceOf = (db: Db, config: Config, now?: () => string) => createAuditService(createAuditRepository(db), auditKeyringOf(config, now));

/** The audit rows about one record, oldest first, with before/after parsed. */
export async function auditRowsFor(app: FastifyInstance, entityType: string, entityId: number | string) {
  const rows = await app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType as never)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    actor_id: Number(row.actor_id),
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
  }));
}

/** Rows in audit_log: for "nothing was recorded" checks inside one suite's own database. */
export async function countAuditRows(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Removes the append-only triggers, as someone with direct database access could: only for
 * tests that prove verify still finds what is changed behind the application's back.
 */
export async function dropAuditTriggers(app: FastifyInstance): Promise<void> {
  if (app.dbEngine === 'postgres') {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(app.db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(app.db);
    await sql`drop trigger audit_log_no_delete`.execute(app.db);
  }
}

/**
 * Inserts an audit row with the id it names, around the portal, as someone with INSERT on the
 * table could: on PostgreSQL the id is `generated always` (migration 0024), which OVERRIDING
 * SYSTEM VALUE passes and needs no other right.
 */
export async function insertAuditRowAround(app: FastifyInstance, row: NewAuditLogRow & { id: number }): Promise<void> {
  const entries = Object.entries(row);
  const columns = sql.join(entries.map(([column]) => sql.ref(column)));
  const values = sql.join(entries.map(([, value]) => sql.val(value)));
  const overriding = app.dbEngine === 'postgres' ? sql`overriding system value` : sql``;
  await sql`insert into audit_log (${columns}) ${overriding} values (${values})`.execute(app.db);
}

/** A row's unkeyed SHA-256, as the code before the key computed it: all that someone without the key can make. */
export const unkeyedHash = (row: ChainedRowFields, prevHash: string) => rowHash(chainedContentOf(row, prevHash));

/** Rewrites every row from `fromId` on with `change` and relinks the rest with unkeyed hashes (triggers dropped first). */
export async function rewriteFrom(app: FastifyInstance, fromId: number, change: (row: AuditLogRow) => Partial<AuditLogRow>): Promise<void> {
  let prev = GENESIS_HASH;
  for (const row of await app.db.selectFrom('audit_log').selectAll().orderBy('id').execute()) {
    if (Number(row.id) < fromId) {
      prev = row.hash!;
      continue;
    }
    const hash = unkeyedHash({ ...row, ...change(row) }, prev);
    await app.db.updateTable('audit_log').set({ ...change(row), prev_hash: prev, hash }).where('id', '=', row.id).execute();
    prev = hash;
  }
}
