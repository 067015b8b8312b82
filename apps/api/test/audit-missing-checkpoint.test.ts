import { existsSync, rmSync } from 'node:fs';
import type { AuditVerifyResponse } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { adoptTrail } from '../src/modules/audit/adopt-trail.js';
import { createAuditRepository } from '../src/modules/audit/repository.js';
import type { AuditRecord } from '../src/modules/audit/service.js';
import { removeTestAuditFolder, sessionKeyOf, type TestContext, testAuditConfig, useTestApp } from './helpers/app.js';
import { auditKeyringOf, auditServiceOf, dropAuditTriggers, rewriteFrom } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, type CreatedUser } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 34 point 3: a start on a trail with rows but no checkpoint file wrote a new one with
// keyedFrom = head + 1, so a history rewritten with the old unkeyed layout verified intact.

const folders: Config['audit'][] = [];
afterAll(() => folders.forEach(removeTestAuditFolder));

const entry = (actorId: number, n: number): AuditRecord => ({
  actorId,
  action: 'employee.deactivate',
  entityType: 'user',
  entityId: 3000 + n,
  before: { enabled: true },
  after: { enabled: false },
});

/** Three keyed rows and a checkpoint of them; then the whole history rewritten without the key ("activated" for "deactivated"). */
async function rewrittenHistory(ctx: TestContext): Promise<CreatedUser> {
  const admin = await createAdmin(ctx.app);
  const audit = auditServiceOf(ctx.app.db, ctx.config);
  for (let n = 0; n < 3; n += 1) await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(admin.user.id, n)));
  await audit.checkpoint();
  expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true, checked: 3 });
  await dropAuditTriggers(ctx.app);
  await rewriteFrom(ctx.app, 1, () => ({ action: 'employee.activate', before_json: '{"enabled":false}', after_json: '{"enabled":true}' }));
  return admin;
}

const missing: AuditVerifyResponse = { intact: false, checked: 0, brokenAt: 0, reason: 'checkpoint-missing' };

describeEachEngine('audit chain: a missing checkpoint file on a trail with rows', (engine) => {
  describe('removed after the history was rewritten without the key', () => {
    const ctx = useTestApp(engine);

    it('is reported by verify and in the log at warn, and is not written anew by the start or the timer', async () => {
      const admin = await rewrittenHistory(ctx);
      rmSync(ctx.config.audit.checkpointFile);
      const lines: string[] = [];
      const restarted = await ctx.build({ logLevel: 'warn' }, { logStream: { write: (line) => lines.push(line) } });

      expect((await call(restarted, admin, 'GET', '/api/audit/verify')).json()).toEqual(missing);
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; file?: string }).filter((line) => line.level === 40);
      expect(warnings).toEqual([expect.objectContaining({ file: ctx.config.audit.checkpointFile, msg: expect.stringMatching(/^audit checkpoint file is missing/) })]);
      await auditServiceOf(ctx.app.db, ctx.config).checkpoint();
      expect(existsSync(ctx.config.audit.checkpointFile)).toBe(false);
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual(missing);
    });
  });

  describe('restored under another name (a new key and no checkpoint) after the same rewrite', () => {
    const ctx = useTestApp(engine);

    it('is reported by verify, not accepted as rows written before the key', async () => {
      const admin = await rewrittenHistory(ctx);
      const elsewhere = testAuditConfig();
      folders.push(elsewhere);
      // The session key travels with the audit key's folder: the restored server keeps the suite's, as an operator restoring would.
      const restored = await ctx.build({ audit: elsewhere, jwtSecret: sessionKeyOf(ctx.config) });
      expect((await call(restored, admin, 'GET', '/api/audit/verify')).json()).toEqual(missing);
      expect(existsSync(elsewhere.checkpointFile)).toBe(false);
    });
  });

  describe('adopted by an operator after the rows from the second on were rewritten without the key', () => {
    const ctx = useTestApp(engine);

    it('keys the trail from its first row with a valid MAC, so the rewrite is still named; a second adoption is refused', async () => {
      const admin = await createAdmin(ctx.app);
      const audit = auditServiceOf(ctx.app.db, ctx.config);
      for (let n = 0; n < 3; n += 1) await ctx.app.db.transaction().execute((trx) => audit.record(trx, entry(admin.user.id, n)));
      await dropAuditTriggers(ctx.app);
      await rewriteFrom(ctx.app, 2, () => ({ action: 'employee.activate' }));
      rmSync(ctx.config.audit.checkpointFile);

      const trail = createAuditRepository(ctx.app.db);
      expect(await adoptTrail(trail, auditKeyringOf(ctx.config))).toMatchObject({ checkpoint: { keyedFrom: 1, id: 3 }, unkeyedRows: 0 });
      expect((await call(ctx.app, admin, 'GET', '/api/audit/verify')).json()).toEqual<AuditVerifyResponse>({ intact: false, checked: 1, brokenAt: 2, reason: 'hash' });
      await expect(adoptTrail(trail, auditKeyringOf(ctx.config))).rejects.toThrow(/exists: there is nothing to adopt/);
    });
  });

  describe('on an empty trail', () => {
    const ctx = useTestApp(engine);

    it('is written at the start, as before: there is no history to vouch for', async () => {
      const admin = await createAdmin(ctx.app);
      rmSync(ctx.config.audit.checkpointFile);
      const restarted = await ctx.build();
      expect(existsSync(ctx.config.audit.checkpointFile)).toBe(true);
      expect((await call(restarted, admin, 'GET', '/api/audit/verify')).json()).toMatchObject({ intact: true, checked: 0 });
    });
  });
});
