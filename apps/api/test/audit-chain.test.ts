import type { AuditVerifyResponse } from '@portal/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { canonicalJson, GENESIS_HASH, rowHash } from '../src/modules/audit/chain.js';
import type { AuditRecord } from '../src/modules/audit/service.js';
import { type TestContext, useTestApp } from './helpers/app.js';
import { auditServiceOf, countAuditRows, dropAuditTriggers } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createEmployee } from './helpers/factories.js';

const serviceOf = (ctx: TestContext) => auditServiceOf(ctx.app.db, ctx.config);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plausible staff action by `actorId`; `n` makes each entry's content different. */
const entry = (actorId: number, n: number): AuditRecord => ({
  actorId,
  action: 'employee.deactivate',
  entityType: 'user',
  entityId: 1000 + n,
  before: { enabled: true, n },
  after: { enabled: false, n },
});

/** Records `count` entries, each in its own committed transaction. */
async function recordMany(ctx: TestContext, actorId: number, count: number): Promise<number[]> {
  const audit = serviceOf(ctx);
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    ids.push(await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(actorId, n))));
  }
  return ids;
}

describe('audit chain hashing', () => {
  it('serialises equal snapshots to the same text whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
  });

  it('changes the hash when any hashed field changes', () => {
    const base = {
      occurredAt: '2025-03-01T09:15:00.000Z',
      actorId: 7,
      action: 'employee.activate',
      entityType: 'user',
      entityId: '12',
      beforeJson: '{"enabled":false}',
      afterJson: '{"enabled":true}',
      prevHash: GENESIS_HASH,
    };
    const hash = rowHash(base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rowHash({ ...base })).toBe(hash);
    const variants = [
      { occurredAt: '2025-03-01T09:15:00.001Z' },
      { actorId: 8 },
      { action: 'employee.deactivate' },
      { entityType: 'case' },
      { entityId: '13' },
      { beforeJson: null },
      { afterJson: '{"enabled":false}' },
      { prevHash: 'f'.repeat(64) },
    ];
    for (const variant of variants) expect(rowHash({ ...base, ...variant }), JSON.stringify(variant)).not.toBe(hash);
  });
});

describeEachEngine('audit log: append-only chain', (engine) => {
  const ctx = useTestApp(engine);

  it('links each row to the one before it and verify says the chain is intact', async () => {
    const { user } = await createAdmin(ctx.app);
    const ids = await recordMany(ctx, user.id, 3);
    const rows = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      actor_id: user.id,
      action: 'employee.deactivate',
      entity_type: 'user',
      entity_id: '1000',
      before_json: '{"enabled":true,"n":0}',
      after_json: '{"enabled":false,"n":0}',
    });
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[2]?.prev_hash).toBe(rows[1]?.hash);

    const verdict = await serviceOf(ctx).verify();
    expect(verdict).toMatchObject({ intact: true, head: { id: ids[2], hash: rows[2]?.hash } });
    expect(verdict.checked).toBe(await countAuditRows(ctx.app));
  });

  it('writes nothing when the transaction of the change rolls back', async () => {
    const { user } = await createAdmin(ctx.app);
    const before = await countAuditRows(ctx.app);
    const audit = serviceOf(ctx);
    await expect(
      ctx.app.db.transaction().execute(async (trx) => {
        await audit.record(trx, entry(user.id, 1));
        throw new Error('the change itself failed');
      }),
    ).rejects.toThrow('the change itself failed');
    expect(await countAuditRows(ctx.app)).toBe(before);
  });

  it('refuses to record outside a transaction, and refuses an action outside the contract', async () => {
    const { user } = await createAdmin(ctx.app);
    const audit = serviceOf(ctx);
    await expect(audit.record(ctx.app.db, entry(user.id, 1))).rejects.toThrow(/needs the transaction/);
    await expect(
      ctx.app.db.transaction().execute((trx) => audit.record(trx, { ...entry(user.id, 1), action: 'user.delete' as never })),
    ).rejects.toThrow(/Unknown audit action/);
  });

  it('the database refuses UPDATE and DELETE on audit_log, whoever asks', async () => {
    const { user } = await createAdmin(ctx.app);
    const [id] = await recordMany(ctx, user.id, 1);
    const original = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();

    await expect(ctx.app.db.updateTable('audit_log').set({ after_json: '{"enabled":true}' }).where('id', '=', id!).execute()).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(sql`update audit_log set actor_id = actor_id`.execute(ctx.app.db)).rejects.toThrow(/append-only/);
    await expect(ctx.app.db.deleteFrom('audit_log').where('id', '=', id!).execute()).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql`delete from audit_log`.execute(ctx.app.db)).rejects.toThrow(/append-only/);
    if (engine.name === 'postgres') {
      await expect(sql`truncate audit_log`.execute(ctx.app.db)).rejects.toThrow(/append-only: TRUNCATE refused/);
    }

    const after = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(after).toEqual(original);
  });

  it('keeps one unbroken chain when many transactions record at once', async () => {
    const [{ user: first }, { user: second }] = await Promise.all([createEmployee(ctx.app), createAdmin(ctx.app)]);
    const before = await countAuditRows(ctx.app);
    // On PostgreSQL a second pool stands for a second API process: separate connections.
    const other = engine.name === 'postgres' ? createDatabase(ctx.config.database) : undefined;
    try {
      const services = [serviceOf(ctx), auditServiceOf(other?.db ?? ctx.app.db, ctx.config)];
      const dbs = [ctx.app.db, other?.db ?? ctx.app.db];
      const writers = Array.from({ length: 24 }, (_, n) => {
        const side = n % 2;
        return dbs[side]!.transaction().execute(async (trx) => {
          const id = await services[side]!.record(trx, entry(side ? second.id : first.id, n));
          // Holding the transaction open a moment gives an unlocked writer every chance to fork.
          await pause(5);
          return id;
        });
      });
      const ids = await Promise.all(writers);
      expect(new Set(ids).size).toBe(24);
    } finally {
      await other?.destroy();
    }

    expect(await countAuditRows(ctx.app)).toBe(before + 24);
    const rows = await ctx.app.db.selectFrom('audit_log').select(['prev_hash']).execute();
    expect(new Set(rows.map((row) => row.prev_hash)).size, 'two rows claim the same predecessor').toBe(rows.length);
    expect(await serviceOf(ctx).verify()).toMatchObject({ intact: true, checked: before + 24 });
  });
});

describeEachEngine('audit log: verify finds changes made around the triggers', (engine) => {
  describe('a row edited in place', () => {
    const ctx = useTestApp(engine);
    it('is reported as the first broken row (its hash no longer matches)', async () => {
      const { user } = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, user.id, 4);
      await dropAuditTriggers(ctx.app);
      await ctx.app.db.updateTable('audit_log').set({ after_json: '{"enabled":true,"n":1}' }).where('id', '=', ids[1]!).execute();

      expect(await serviceOf(ctx).verify()).toEqual<AuditVerifyResponse>({ intact: false, checked: 1, brokenAt: ids[1]!, reason: 'hash' });
    });
  });

  describe('a row edited and its unkeyed hash recomputed, as anyone could', () => {
    const ctx = useTestApp(engine);
    it('is caught at that row: without the key its MAC cannot be made', async () => {
      const { user } = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, user.id, 3);
      await dropAuditTriggers(ctx.app);
      const row = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', ids[1]!).executeTakeFirstOrThrow();
      const forged = { ...row, after_json: '{"enabled":true,"n":1}' };
      const hash = rowHash({
        occurredAt: forged.occurred_at,
        actorId: Number(forged.actor_id),
        action: forged.action,
        entityType: forged.entity_type,
        entityId: forged.entity_id,
        beforeJson: forged.before_json,
        afterJson: forged.after_json,
        prevHash: forged.prev_hash!,
      });
      await ctx.app.db.updateTable('audit_log').set({ after_json: forged.after_json, hash }).where('id', '=', ids[1]!).execute();

      expect(await serviceOf(ctx).verify()).toEqual<AuditVerifyResponse>({ intact: false, checked: 1, brokenAt: ids[1]!, reason: 'hash' });
    });
  });

  describe('a row deleted from the middle', () => {
    const ctx = useTestApp(engine);
    it('is caught by the row after the gap, as a gap', async () => {
      const { user } = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, user.id, 3);
      await dropAuditTriggers(ctx.app);
      await ctx.app.db.deleteFrom('audit_log').where('id', '=', ids[1]!).execute();

      expect(await serviceOf(ctx).verify()).toEqual<AuditVerifyResponse>({ intact: false, checked: 1, brokenAt: ids[2]!, reason: 'gap' });
    });
  });
});
