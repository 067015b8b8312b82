import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AuditVerifyResponse } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { adoptTrail } from '../src/modules/audit/adopt-trail.js';
import { loadAuditKey } from '../src/modules/audit/audit-key.js';
import { GENESIS_HASH } from '../src/modules/audit/chain.js';
import { createCheckpointFile } from '../src/modules/audit/checkpoints.js';
import { createAuditRepository } from '../src/modules/audit/repository.js';
import type { AuditRecord } from '../src/modules/audit/service.js';
import { removeTestAuditFolder, sessionKeyOf, type TestContext, testAuditConfig as freshAuditConfig, useTestApp } from './helpers/app.js';
import { auditKeyringOf, auditServiceOf, dropAuditTriggers, insertAuditRowAround, rewriteFrom, unkeyedHash } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin } from './helpers/factories.js';
import { call } from './helpers/letters.js';
import { databaseTexts } from './helpers/database-texts.js';

// Issue 17 section 5: the chain is an HMAC under a key that is not in the database, ids run
// without gaps, and a signed checkpoint kept outside the database reveals a cut tail.

// Key folders made here (a second key, a first start with a key) are removed after the file.
const folders: Config['audit'][] = [];
const testAuditConfig = () => {
  const audit = freshAuditConfig();
  folders.push(audit);
  return audit;
};
afterAll(() => folders.forEach(removeTestAuditFolder));

const entry = (actorId: number, n: number): AuditRecord => ({
  actorId,
  action: 'employee.deactivate',
  entityType: 'user',
  entityId: 2000 + n,
  before: { enabled: true, n },
  after: { enabled: false, n },
});

async function recordMany(ctx: TestContext, actorId: number, count: number, config: Config = ctx.config): Promise<number[]> {
  const audit = auditServiceOf(ctx.app.db, config);
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) ids.push(await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(actorId, n))));
  return ids;
}

const chain = (ctx: TestContext) => ctx.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describeEachEngine('audit chain: keyed', (engine) => {
  describe('the key', () => {
    const ctx = useTestApp(engine);

    it('is generated into a file of its own, readable by its owner only, and appears nowhere in the database', async () => {
      const key = readFileSync(ctx.config.audit.keyFile, 'utf8').trim();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(ctx.config.audit.keyFile).mode & 0o777).toBe(0o600);
      expect(await databaseTexts(ctx.app.db)).not.toContain(key);
    });

    it('verifies the chain on a restart with the same key, and not under another key', async () => {
      const admin = await createAdmin(ctx.app);
      await recordMany(ctx, admin.user.id, 2);
      const again = await ctx.build();
      expect((await call(again, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true });
      // Another key with a checkpoint of its own that says every row must carry a MAC under it.
      const otherAudit = { ...testAuditConfig(), key: 'another-key-that-is-long-enough-0123456789' };
      createCheckpointFile(otherAudit.checkpointFile, loadAuditKey(otherAudit)).create({ keyedFrom: 1, id: null, hash: null, at: new Date().toISOString() });
      const other = await ctx.build({ audit: otherAudit, jwtSecret: sessionKeyOf(ctx.config) });
      expect((await call(other, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: false, reason: 'hash' });
    });
  });

  describe('a history rewritten with recomputed hashes', () => {
    const ctx = useTestApp(engine);
    it('no longer verifies: the first rewritten row is named', async () => {
      const admin = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, admin.user.id, 4);
      await dropAuditTriggers(ctx.app);
      await rewriteFrom(ctx.app, ids[1]!, (row) => ({ after_json: row.after_json?.replace('false', 'true') ?? null }));
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({
        intact: false,
        checked: 1,
        brokenAt: ids[1]!,
        reason: 'hash',
      });
    });
  });

  describe('a row appended in a real employee\u2019s name by someone with database access', () => {
    const ctx = useTestApp(engine);
    it('no longer verifies', async () => {
      const admin = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, admin.user.id, 2);
      const [head] = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', ids[1]!).execute();
      const forged = {
        occurred_at: new Date().toISOString(),
        actor_id: admin.user.id,
        action: 'employee.activate' as const,
        entity_type: 'user' as const,
        entity_id: '9999',
        before_json: '{"enabled":false}',
        after_json: '{"enabled":true}',
      };
      await insertAuditRowAround(ctx.app, { ...forged, id: ids[1]! + 1, prev_hash: head!.hash, hash: unkeyedHash(forged, head!.hash!) });
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({
        intact: false,
        checked: 2,
        brokenAt: ids[1]! + 1,
        reason: 'hash',
      });
    });
  });

  describe('a row removed and the rest relinked', () => {
    const ctx = useTestApp(engine);
    it('is reported as a gap at the row after it', async () => {
      const admin = await createAdmin(ctx.app);
      const ids = await recordMany(ctx, admin.user.id, 3);
      await dropAuditTriggers(ctx.app);
      await ctx.app.db.deleteFrom('audit_log').where('id', '=', ids[1]!).execute();
      await rewriteFrom(ctx.app, ids[2]!, () => ({}));
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({
        intact: false,
        checked: 1,
        brokenAt: ids[2]!,
        reason: 'gap',
      });
    });
  });
});

describeEachEngine('audit chain: checkpoints', (engine) => {
  // The checkpoint timer is driven by hand, and its clock is the test's.
  let tick: () => Promise<void> = async () => undefined;
  let clock = '2030-01-01T00:00:00.000Z';
  const ctx = useTestApp(
    engine,
    {},
    {
      audit: {
        scheduleCheckpoints: (write) => {
          tick = write;
          return () => undefined;
        },
        now: () => clock,
      },
    },
  );
  const checkpointOnFile = () => JSON.parse(readFileSync(ctx.config.audit.checkpointFile, 'utf8')) as Record<string, unknown>;

  it('follows the head at each tick, signed, outside the database', async () => {
    const admin = await createAdmin(ctx.app);
    expect(checkpointOnFile()).toMatchObject({ keyedFrom: 1, id: null, hash: null, at: '2030-01-01T00:00:00.000Z' });
    const ids = await recordMany(ctx, admin.user.id, 2);
    // Between ticks the checkpoint stays where it was.
    expect(checkpointOnFile()).toMatchObject({ id: null });
    clock = '2030-01-01T00:01:00.000Z';
    await tick();
    const rows = await chain(ctx);
    expect(checkpointOnFile()).toMatchObject({ keyedFrom: 1, id: ids[1], hash: rows.at(-1)?.hash, at: '2030-01-01T00:01:00.000Z' });
    expect(checkpointOnFile().mac).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({
      intact: true,
      checked: 2,
      head: { id: ids[1]!, hash: rows.at(-1)!.hash! },
      checkpoint: { id: ids[1]!, at: '2030-01-01T00:01:00.000Z' },
    });
  });

  it('reports a cut tail: the chain ends before the checkpointed row', async () => {
    const admin = await createAdmin(ctx.app);
    const ids = await recordMany(ctx, admin.user.id, 2);
    await tick();
    await dropAuditTriggers(ctx.app);
    await ctx.app.db.deleteFrom('audit_log').where('id', '>=', ids[0]!).execute();
    const verdict = (await call(ctx.app, admin, 'GET', '/api/audit/verify')).json<AuditVerifyResponse>();
    expect(verdict).toEqual<AuditVerifyResponse>({ intact: false, checked: ids[0]! - 1, brokenAt: ids[1]!, reason: 'truncated' });
  });

  it('reports a checkpoint file that was edited', async () => {
    const admin = await createAdmin(ctx.app);
    writeFileSync(ctx.config.audit.checkpointFile, `${JSON.stringify({ ...checkpointOnFile(), id: 1 })}\n`);
    expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual({ intact: false, checked: 0, brokenAt: 0, reason: 'checkpoint' });
  });
});

describeEachEngine('audit chain: rows written before the key', (engine) => {
  const ctx = useTestApp(engine);

  it('stay valid unkeyed up to the first keyed row, which anchors them, once an operator adopts the trail', async () => {
    const admin = await createAdmin(ctx.app);
    // Two rows as the old code wrote them, then the first start with a key (a fresh key folder).
    let prev = GENESIS_HASH;
    for (const n of [1, 2]) {
      const row = {
        occurred_at: `2025-01-0${n}T00:00:00.000Z`,
        actor_id: admin.user.id,
        action: 'employee.deactivate' as const,
        entity_type: 'user' as const,
        entity_id: String(n),
        before_json: '{"enabled":true}',
        after_json: '{"enabled":false}',
      };
      const hash = unkeyedHash(row, prev);
      await insertAuditRowAround(ctx.app, { ...row, id: n, prev_hash: prev, hash });
      prev = hash;
    }
    const upgraded = testAuditConfig();
    const server = await ctx.build({ audit: upgraded, jwtSecret: sessionKeyOf(ctx.config) });
    // The start does not guess where keyed rows begin (issue 34): the operator decides.
    expect(existsSync(upgraded.checkpointFile)).toBe(false);
    expect((await call(server, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: false, reason: 'checkpoint-missing' });
    const adopted = await adoptTrail(createAuditRepository(ctx.app.db), auditKeyringOf({ ...ctx.config, audit: upgraded }));
    expect(adopted).toMatchObject({ checkpoint: { keyedFrom: 3, id: 2 }, unkeyedRows: 2 });
    expect(JSON.parse(readFileSync(upgraded.checkpointFile, 'utf8'))).toMatchObject({ keyedFrom: 3, id: 2 });
    await recordMany(ctx, admin.user.id, 2, { ...ctx.config, audit: upgraded });
    await auditServiceOf(ctx.app.db, { ...ctx.config, audit: upgraded }).checkpoint();
    expect((await call(server, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true, checked: 4 });

    // An unkeyed row after keyedFrom is refused; an old row rewritten breaks the first keyed row's link.
    await dropAuditTriggers(ctx.app);
    const [second] = await ctx.app.db.selectFrom('audit_log').selectAll().where('id', '=', 2).execute();
    const edited = { ...second!, after_json: '{"enabled":true}' };
    await ctx.app.db.updateTable('audit_log').set({ after_json: edited.after_json, hash: unkeyedHash(edited, edited.prev_hash!) }).where('id', '=', 2).execute();
    expect((await call(server, admin, 'GET', '/api/audit/verify')).json()).toEqual({ intact: false, checked: 2, brokenAt: 3, reason: 'link' });
  });
});
