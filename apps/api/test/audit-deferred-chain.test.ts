import pg from 'pg';
import { expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import type { AuditLogRow } from '../src/db/schema.js';
import { createChainer } from '../src/modules/audit/chainer.js';
import { createAuditRepository } from '../src/modules/audit/repository.js';
import { type AuditRecord, createAuditService } from '../src/modules/audit/service.js';
import { PortalEvents } from '../src/plugins/events.js';
import { type TestContext, useTestApp } from './helpers/app.js';
import { auditKeyringOf, auditServiceOf, countAuditRows, dropAuditTriggers, insertAuditRowAround } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin } from './helpers/factories.js';

// Issue 31: a change writes its audit row unchained, with no lock; a chainer links committed rows
// under the chain's lock, in batches, from any process. The servers' own chainer timer is stopped
// here, so that only the chainers a test runs link rows.
const noTimer = { audit: { scheduleChaining: () => () => undefined } };

const entry = (actorId: number, n: number): AuditRecord => ({
  actorId,
  action: 'employee.deactivate',
  entityType: 'user',
  entityId: 2000 + n,
  before: { enabled: true, n },
  after: { enabled: false, n },
});

const silent = { error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An API process's pair on `db`: its events (transactions) and its audit service, which kicks its chainer after each commit. */
function processOn(db: Db, ctx: TestContext, held: number[]) {
  const events = new PortalEvents(db, silent);
  const audit = createAuditService(createAuditRepository(db), auditKeyringOf(ctx.config), {
    atCommit: (trx, step) => events.atCommit(trx, step),
    lockHeld: (ms) => held.push(ms),
  });
  return { events, audit };
}

const allRows = (ctx: TestContext): Promise<AuditLogRow[]> => ctx.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const rowOf = (ctx: TestContext, entityId: string) => ctx.app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).executeTakeFirstOrThrow();

/** Every row chained once: one row per place, the places 1..n without a gap, no two rows after the same one. */
function expectOneChain(rows: readonly AuditLogRow[]): void {
  const places = rows.map((row) => Number(row.chain_id ?? row.id)).sort((a, b) => a - b);
  expect(rows.every((row) => row.hash !== null && row.prev_hash !== null), 'a row was left unchained').toBe(true);
  expect(places).toEqual(rows.map((_, n) => n + 1));
  expect(new Set(rows.map((row) => row.prev_hash)).size, 'two rows claim the same predecessor').toBe(rows.length);
}

describeEachEngine('audit chain linked after the commit (issue 31: no lock held by a change)', (engine) => {
  const ctx = useTestApp(engine, {}, noTimer);

  it('writes the row with the change, unchained, and nothing at all for a change that rolls back', async () => {
    const { user } = await createAdmin(ctx.app);
    const before = await countAuditRows(ctx.app);
    const held: number[] = [];
    const quiet = createAuditService(createAuditRepository(ctx.app.db), auditKeyringOf(ctx.config));
    const events = new PortalEvents(ctx.app.db, silent);
    await events.transaction((trx) => quiet.recordAtCommit(trx, entry(user.id, 1001)));
    // No chainer has run (this service kicks none): the row is there, with no chain field yet.
    expect(await rowOf(ctx, '3001')).toMatchObject({ chain_id: null, prev_hash: null, hash: null, after_json: '{"enabled":false,"n":1001}' });

    const { events: other, audit } = processOn(ctx.app.db, ctx, held);
    await expect(
      other.transaction(async (trx) => {
        await audit.recordAtCommit(trx, entry(user.id, 1002));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countAuditRows(ctx.app)).toBe(before + 1);
    expect(held).toEqual([]);
    await quiet.chainPending();
    expect(await quiet.verify()).toMatchObject({ intact: true, checked: before + 1 });
  });

  it('ends the rows of many changes in two processes in one chain, each row linked once, no change holding the lock', async () => {
    const { user } = await createAdmin(ctx.app);
    const before = await countAuditRows(ctx.app);
    const held: number[] = [];
    // On PostgreSQL a second pool stands for a second API process.
    const other = engine.name === 'postgres' ? createDatabase(ctx.config.database) : undefined;
    try {
      const sides = [processOn(ctx.app.db, ctx, held), processOn(other?.db ?? ctx.app.db, ctx, held)];
      await Promise.all(
        Array.from({ length: 24 }, (_, n) =>
          sides[n % 2]!.events.transaction(async (trx) => {
            // Two rows per change (a receipt's and the change's), then the rest of the change.
            await sides[n % 2]!.audit.recordAtCommit(trx, entry(user.id, 2 * n));
            await sides[n % 2]!.audit.recordAtCommit(trx, entry(user.id, 2 * n + 1));
            await pause(5);
          }),
        ),
      );
      await Promise.all(sides.map((side) => side.audit.chainPending()));
    } finally {
      await other?.destroy();
    }
    const rows = await allRows(ctx);
    expect(rows).toHaveLength(before + 48);
    expectOneChain(rows);
    expect(await auditServiceOf(ctx.app.db, ctx.config).verify()).toEqual(expect.objectContaining({ intact: true, checked: before + 48 }));
    // The holds are the chainers' batches: at most one per kick (24 commits), at least one.
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(24);
  });

  it('links the committed rows when a server closes', async () => {
    const { user } = await createAdmin(ctx.app);
    const server = await ctx.build({}, noTimer);
    // Written by a service that kicks no chainer: only the closing server's drain can link it.
    const quiet = createAuditService(createAuditRepository(ctx.app.db), auditKeyringOf(ctx.config));
    await new PortalEvents(ctx.app.db, silent).transaction((trx) => quiet.recordAtCommit(trx, entry(user.id, 1010)));
    expect((await rowOf(ctx, '3010')).hash).toBeNull();
    await server.close();
    expect((await rowOf(ctx, '3010')).hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('detects a row the chainer linked and then was edited, or moved to another place', async () => {
    const { user } = await createAdmin(ctx.app);
    const held: number[] = [];
    const { events, audit } = processOn(ctx.app.db, ctx, held);
    for (const n of [331, 332, 333]) await events.transaction((trx) => audit.recordAtCommit(trx, entry(user.id, n)));
    await audit.chainPending();
    expect(await audit.verify()).toMatchObject({ intact: true });
    const middle = await rowOf(ctx, '2332');
    await dropAuditTriggers(ctx.app);
    await ctx.app.db.updateTable('audit_log').set({ after_json: '{"enabled":true,"n":332}' }).where('id', '=', middle.id).execute();
    expect(await audit.verify()).toMatchObject({ intact: false, brokenAt: Number(middle.id), reason: 'hash' });
    await ctx.app.db.updateTable('audit_log').set({ after_json: middle.after_json }).where('id', '=', middle.id).execute();
    expect(await audit.verify()).toMatchObject({ intact: true });
    const last = await rowOf(ctx, '2333');
    await ctx.app.db.updateTable('audit_log').set({ chain_id: Number(last.chain_id) + 1000 }).where('id', '=', last.id).execute();
    expect(await audit.verify()).toMatchObject({ intact: false, brokenAt: Number(last.id), reason: 'gap' });
  });
});

describeEachEngine('audit chain: the triggers let the chainer fill an unchained row once, and nothing else', (engine) => {
  const ctx = useTestApp(engine, {}, noTimer);

  it('refuses any change of a chained row, a change of an unchained row\u2019s content, and a second fill', async () => {
    const { user } = await createAdmin(ctx.app);
    const audit = auditServiceOf(ctx.app.db, ctx.config);
    const chainedId = await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(user.id, 41)));
    await expect(ctx.app.db.updateTable('audit_log').set({ hash: 'f'.repeat(64) }).where('id', '=', chainedId).execute()).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(ctx.app.db.updateTable('audit_log').set({ chain_id: 99 }).where('id', '=', chainedId).execute()).rejects.toThrow(/append-only: UPDATE refused/);

    const events = new PortalEvents(ctx.app.db, silent);
    await events.transaction((trx) => audit.recordAtCommit(trx, entry(user.id, 42)));
    const { id } = await rowOf(ctx, '2042');
    const update = (set: Partial<AuditLogRow>) => ctx.app.db.updateTable('audit_log').set(set).where('id', '=', id).execute();
    await expect(update({ after_json: '{}' })).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(update({ hash: 'f'.repeat(64) })).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(update({ chain_id: 2, prev_hash: 'a'.repeat(64), hash: 'b'.repeat(64), after_json: '{}' })).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(ctx.app.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only: DELETE refused/);
    await audit.chainPending();
    const chained = await rowOf(ctx, '2042');
    expect(chained).toMatchObject({ chain_id: 2, after_json: '{"enabled":false,"n":42}' });
    await expect(update({ chain_id: 3, prev_hash: 'a'.repeat(64), hash: 'b'.repeat(64) })).rejects.toThrow(/append-only: UPDATE refused/);
    expect(await audit.verify()).toMatchObject({ intact: true, checked: 2 });
  });
});

describeEachEngine('audit chain: a row that commits with a lower id after a higher one was linked', (engine) => {
  const ctx = useTestApp(engine, {}, noTimer);

  it('is linked after it, and the chain verifies', async () => {
    const { user } = await createAdmin(ctx.app);
    const audit = auditServiceOf(ctx.app.db, ctx.config);
    const headId = await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(user.id, 50)));
    const content = (n: number) => ({
      occurred_at: new Date().toISOString(),
      actor_id: user.id,
      action: 'employee.deactivate' as const,
      entity_type: 'user' as const,
      entity_id: String(2000 + n),
      before_json: '{"enabled":true}',
      after_json: '{"enabled":false}',
    });
    // Ids as two transactions get them and commit the other way round: the higher first.
    await insertAuditRowAround(ctx.app, { ...content(52), id: headId + 20 });
    await audit.chainPending();
    await insertAuditRowAround(ctx.app, { ...content(51), id: headId + 10 });
    expect(await audit.verify()).toMatchObject({ intact: true, checked: 3 });
    const [higher, lower] = [await rowOf(ctx, '2052'), await rowOf(ctx, '2051')];
    expect([Number(higher.chain_id), Number(lower.chain_id)]).toEqual([2, 3]);
    expect(lower.prev_hash).toBe(higher.hash);
    // The next change's id comes after both (the chain's own append moves PostgreSQL's sequence on).
    const nextId = await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(user.id, 53)));
    expect(nextId).toBeGreaterThan(headId + 20);
    expect(await audit.verify()).toMatchObject({ intact: true, checked: 4 });
  });

  if (engine.name === 'postgres') {
    it('(two connections) lets a quick change commit and be linked while a slow one, with a lower id, is still open', async () => {
      const { user } = await createAdmin(ctx.app);
      const other = createDatabase(ctx.config.database);
      const held: number[] = [];
      try {
        const slow = processOn(ctx.app.db, ctx, held);
        const quick = processOn(other.db, ctx, held);
        let finishSlow!: () => void;
        const slowMayFinish = new Promise<void>((resolve) => (finishSlow = resolve));
        let slowRecorded!: () => void;
        const recorded = new Promise<void>((resolve) => (slowRecorded = resolve));
        const slowChange = slow.events.transaction(async (trx) => {
          await slow.audit.recordAtCommit(trx, entry(user.id, 901));
          slowRecorded();
          await slowMayFinish; // the receipt being laid out and signed
        });
        await recorded;
        // Were the chain's lock taken by the slow change, this would wait for it (and time out).
        await quick.events.transaction((trx) => quick.audit.recordAtCommit(trx, entry(user.id, 902)));
        await quick.audit.chainPending();
        expect((await rowOf(ctx, '2902')).hash).not.toBeNull();
        finishSlow();
        await slowChange;
        await slow.audit.chainPending();
      } finally {
        await other.destroy();
      }
      const [slowRow, quickRow] = [await rowOf(ctx, '2901'), await rowOf(ctx, '2902')];
      expect(Number(slowRow.id)).toBeLessThan(Number(quickRow.id));
      expect(Number(slowRow.chain_id)).toBeGreaterThan(Number(quickRow.chain_id));
      expect(await auditServiceOf(ctx.app.db, ctx.config).verify()).toMatchObject({ intact: true });
    });
  }
});

describeEachEngine('audit chain: chainers of several processes at once, and rows still pending', (engine) => {
  const ctx = useTestApp(engine, {}, noTimer);

  it('never forks, however many chainers link at once', async () => {
    const { user } = await createAdmin(ctx.app);
    const quiet = createAuditService(createAuditRepository(ctx.app.db), auditKeyringOf(ctx.config));
    const events = new PortalEvents(ctx.app.db, silent);
    for (let n = 0; n < 30; n += 1) await events.transaction((trx) => quiet.recordAtCommit(trx, entry(user.id, 100 + n)));
    // On PostgreSQL three pools stand for three processes; small batches make them take turns.
    const pools = engine.name === 'postgres' ? [0, 1, 2].map(() => createDatabase(ctx.config.database)) : [];
    try {
      const dbs = pools.length > 0 ? pools.map((pool) => pool.db) : [ctx.app.db, ctx.app.db, ctx.app.db];
      const { key } = auditKeyringOf(ctx.config);
      await Promise.all(dbs.map((db) => createChainer(createAuditRepository(db), key, { batchSize: 4 }).drain()));
    } finally {
      await Promise.all(pools.map((pool) => pool.destroy()));
    }
    expectOneChain(await allRows(ctx));
    expect(await quiet.verify()).toMatchObject({ intact: true, checked: 30 });
  });

  if (engine.name === 'postgres') {
    it('reports the rows verify could not link because another process held the chain\u2019s lock', async () => {
      const { user } = await createAdmin(ctx.app);
      const audit = auditServiceOf(ctx.app.db, ctx.config);
      const before = await countAuditRows(ctx.app);
      const events = new PortalEvents(ctx.app.db, silent);
      await events.transaction((trx) => audit.recordAtCommit(trx, entry(user.id, 200)));
      if (ctx.config.database.engine !== 'postgres') throw new Error('a PostgreSQL test');
      const holder = new pg.Client({ connectionString: ctx.config.database.url });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [0x6175646974]);
        expect(await audit.verify()).toMatchObject({ intact: true, checked: before, pending: 1 });
      } finally {
        await holder.end();
      }
      const verdict = await audit.verify();
      expect(verdict).toMatchObject({ intact: true, checked: before + 1 });
      expect(verdict).not.toHaveProperty('pending');
    });
  } else {
    it('reports no pending row on SQLite, where verify can always take the chain (one writer at a time)', async () => {
      const { user } = await createAdmin(ctx.app);
      const audit = auditServiceOf(ctx.app.db, ctx.config);
      const before = await countAuditRows(ctx.app);
      await new PortalEvents(ctx.app.db, silent).transaction((trx) => audit.recordAtCommit(trx, entry(user.id, 200)));
      const verdict = await audit.verify();
      expect(verdict).toMatchObject({ intact: true, checked: before + 1 });
      expect(verdict).not.toHaveProperty('pending');
    });
  }
});
