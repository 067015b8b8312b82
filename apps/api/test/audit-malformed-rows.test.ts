import type { AuditListResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertAuditRowAround } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 17 section 5: a row whose before/after is not JSON (written straight into the database)
// must not answer 500 or cut the export short; it is shown flagged and the other rows listed.
describeEachEngine('a malformed audit row', (engine) => {
  const ctx = useTestApp(engine);

  it('is listed flagged between intact rows, in the list and in the CSV export', async () => {
    const admin = await createAdmin(ctx.app);
    const [first, second] = [await createEmployee(ctx.app), await createEmployee(ctx.app)];
    expect((await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${first.user.id}`)).statusCode).toBe(200);
    const last = await ctx.app.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    await insertAuditRowAround(ctx.app, {
      id: Number(last.id) + 1,
      occurred_at: '2030-01-01T00:00:00.000Z',
      actor_id: admin.user.id,
      action: 'employee.activate',
      entity_type: 'user',
      entity_id: String(first.user.id),
      before_json: '{"enabled": fals',
      after_json: '42',
      prev_hash: '0'.repeat(64),
      hash: 'f'.repeat(64),
    });
    expect((await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${second.user.id}`)).statusCode).toBe(200);

    const response = await call(ctx.app, admin, 'GET', `/api/audit?actorId=${admin.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<AuditListResponse>();
    expect(items.map((item) => [item.action, item.entityId])).toEqual([
      ['employee.deactivate', String(second.user.id)],
      ['employee.activate', String(first.user.id)],
      ['employee.deactivate', String(first.user.id)],
    ]);
    expect(items[1]).toMatchObject({ before: null, after: null, malformed: { before: '{"enabled": fals', after: '42' } });
    expect(items[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(items[0]).not.toHaveProperty('malformed');

    const csv = await call(ctx.app, admin, 'GET', `/api/audit/export.csv?actorId=${admin.user.id}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`employee.activate,user,${first.user.id},"{""enabled"": fals",42,`);
    expect(lines[3]).toContain(`employee.deactivate,user,${first.user.id},"{""enabled"":true}","{""enabled"":false}"`);
  });
});
