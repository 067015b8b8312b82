import { expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { createAuditRepository } from '../src/modules/audit/repository.js';
import { type AuditRecord, createAuditService } from '../src/modules/audit/service.js';
import { PortalEvents } from '../src/plugins/events.js';
import { useTestApp } from './helpers/app.js';
import { auditKeyringOf, auditServiceOf, countAuditRows } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin } from './helpers/factories.js';

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

/** An API process's pair: its events (transactions) and its audit service writing at their commit. */
function processOn(db: Db, config: Parameters<typeof auditKeyringOf>[0], held: number[]) {
  const events = new PortalEvents(db, silent);
  const audit = createAuditService(createAuditRepository(db), auditKeyringOf(config), {
    atCommit: (trx, step) => events.atCommit(trx, step),
    lockHeld: (ms) => held.push(ms),
  });
  return { events, audit };
}

describeEachEngine('audit chain written at the commit (issue 31: no lock while a receipt is made)', (engine) => {
  const ctx = useTestApp(engine);

  it('keeps one unbroken chain when many changes of two processes record at once', async () => {
    const { user } = await createAdmin(ctx.app);
    const before = await countAuditRows(ctx.app);
    const held: number[] = [];
    // On PostgreSQL a second pool stands for a second API process.
    const other = engine.name === 'postgres' ? createDatabase(ctx.config.database) : undefined;
    try {
      const sides = [processOn(ctx.app.db, ctx.config, held), processOn(other?.db ?? ctx.app.db, ctx.config, held)];
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
    } finally {
      await other?.destroy();
    }
    expect(await countAuditRows(ctx.app)).toBe(before + 48);
    const rows = await ctx.app.db.selectFrom('audit_log').select(['prev_hash']).execute();
    expect(new Set(rows.map((row) => row.prev_hash)).size, 'two rows claim the same predecessor').toBe(rows.length);
    expect(await auditServiceOf(ctx.app.db, ctx.config).verify()).toMatchObject({ intact: true, checked: before + 48 });
    expect(held).toHaveLength(24);
  });

  it('writes nothing, and tells no lock hold, for a change that rolls back', async () => {
    const { user } = await createAdmin(ctx.app);
    const before = await countAuditRows(ctx.app);
    const held: number[] = [];
    const { events, audit } = processOn(ctx.app.db, ctx.config, held);
    await expect(
      events.transaction(async (trx) => {
        await audit.recordAtCommit(trx, entry(user.id, 1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countAuditRows(ctx.app)).toBe(before);
    expect(held).toEqual([]);
  });

  if (engine.name === 'postgres') {
    it('lets another process commit its audited change while one is still making its own (e.g. signing a receipt)', async () => {
      const { user } = await createAdmin(ctx.app);
      const other = createDatabase(ctx.config.database);
      const held: number[] = [];
      try {
        const slow = processOn(ctx.app.db, ctx.config, held);
        const quick = processOn(other.db, ctx.config, held);
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
        // Were the chain's lock taken at the slow change's record, this would wait for it (and
        // the test would time out): the quick change commits while the slow one is still open.
        await quick.events.transaction((trx) => quick.audit.recordAtCommit(trx, entry(user.id, 902)));
        finishSlow();
        await slowChange;
      } finally {
        await other.destroy();
      }
      const rows = await ctx.app.db.selectFrom('audit_log').select(['entity_id']).where('entity_id', 'in', ['2901', '2902']).orderBy('id').execute();
      expect(rows.map((row) => row.entity_id)).toEqual(['2902', '2901']);
      expect(await auditServiceOf(ctx.app.db, ctx.config).verify()).toMatchObject({ intact: true });
    });
  }
});
