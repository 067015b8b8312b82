import { type AuditEntryResponse, type AuditListResponse, auditApiMessages } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { dropAuditTriggers } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, takenConversation } from './helpers/letters.js';
import { createObligation } from './helpers/obligations.js';

/** Staff actions through the API: `count` employees deactivated by `admin`. */
async function deactivations(ctx: ReturnType<typeof useTestApp>, admin: CreatedUser, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const { user } = await createEmployee(ctx.app);
    const response = await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${user.id}`);
    expect(response.statusCode).toBe(200);
    ids.push(user.id);
  }
  return ids;
}

const list = async (ctx: ReturnType<typeof useTestApp>, admin: CreatedUser, query: string) => {
  const response = await call(ctx.app, admin, 'GET', `/api/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditListResponse>();
};

describeEachEngine('GET /api/audit and its CSV export', (engine) => {
  const ctx = useTestApp(engine);

  it('lists newest first in pages, with the actor\u2019s name and the parsed before/after', async () => {
    const admin = await createAdmin(ctx.app, { firstName: 'Halina', lastName: 'Audytorska' });
    const targets = await deactivations(ctx, admin, 5);

    const first = await list(ctx, admin, `?actorId=${admin.user.id}&pageSize=2`);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(first.items.map((item) => Number(item.entityId))).toEqual([targets[4], targets[3]]);
    expect(first.items[0]).toMatchObject<Partial<AuditEntryResponse>>({
      actorId: admin.user.id,
      actorName: 'Halina Audytorska',
      action: 'employee.deactivate',
      entityType: 'user',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(first.items[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    const third = await list(ctx, admin, `?actorId=${admin.user.id}&pageSize=2&page=3`);
    expect(third.items.map((item) => Number(item.entityId))).toEqual([targets[0]]);
    expect((await list(ctx, admin, `?actorId=${admin.user.id}&pageSize=2&page=4`)).items).toEqual([]);
  });

  it('names each record in words people use (a case by its type and plate), which the CSV leaves out', async () => {
    const admin = await createAdmin(ctx.app);
    const [anna, clerk] = await Promise.all([createCitizen(ctx.app, { firstName: 'Anna', lastName: 'Nowak' }), createEmployee(ctx.app, { firstName: 'Jan', lastName: 'Kowalski' })]);
    const obligation = await createObligation(ctx.app, admin, anna, { description: 'Property tax' });
    const vehicle = await createVehicleCase(ctx.app, anna, { vehicleNumberPlate: 'KR 12345' });
    await setStatus(ctx.app, admin, vehicle.id, 'IN_PROGRESS');
    const conversation = await takenConversation(ctx.app, anna, admin);
    await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${clerk.user.id}`);

    const { items } = await list(ctx, admin, `?actorId=${admin.user.id}`);
    const recordOf = (type: string, id: number) => items.find((item) => item.entityType === type && item.entityId === String(id))?.record;
    expect(recordOf('obligation', obligation.id)).toEqual({ name: 'Property tax', person: 'Anna Nowak' });
    expect(recordOf('case', vehicle.id)).toEqual({ name: 'KR 12345', person: 'Anna Nowak', caseType: 'VEHICLE_REGISTRATION', reference: `C-${vehicle.id}` });
    expect(recordOf('conversation', conversation.id)).toEqual({ name: conversation.subject, person: 'Anna Nowak', reference: `L-${conversation.letterId}` });
    expect(recordOf('user', clerk.user.id)).toEqual({ name: `Jan Kowalski (${clerk.user.username})`, person: null });

    const csv = (await call(ctx.app, admin, 'GET', `/api/audit/export.csv?actorId=${admin.user.id}`)).body;
    expect(csv).not.toContain('Anna Nowak');
    expect(csv).toContain(`""interestId"":${anna.user.id}`);
  });

  it('filters by actor, action and time range', async () => {
    const [one, two] = await Promise.all([createAdmin(ctx.app), createAdmin(ctx.app)]);
    const [byOne] = await deactivations(ctx, one, 1);
    const [byTwo] = await deactivations(ctx, two, 1);
    await call(ctx.app, two, 'PUT', `/api/users/activate/${byTwo}`);

    const ofOne = await list(ctx, one, `?actorId=${one.user.id}`);
    expect(ofOne.items.map((item) => [item.action, Number(item.entityId)])).toEqual([['employee.deactivate', byOne]]);
    const activations = await list(ctx, one, `?actorId=${two.user.id}&action=employee.activate`);
    expect(activations.items.map((item) => [item.action, Number(item.entityId)])).toEqual([['employee.activate', byTwo]]);

    const newest = (await list(ctx, one, `?actorId=${two.user.id}`)).items[0];
    const at = encodeURIComponent(newest?.occurredAt ?? '');
    // `from` is inclusive and `to` exclusive: the same instant is in [at, ...) but not in [..., at).
    expect((await list(ctx, one, `?actorId=${two.user.id}&from=${at}`)).items.map((item) => item.id)).toContain(newest?.id);
    expect((await list(ctx, one, `?actorId=${two.user.id}&to=${at}`)).items.map((item) => item.id)).not.toContain(newest?.id);
    expect((await list(ctx, one, '?from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z')).total).toBe(0);
  });

  it('answers 400 with the field for a bad filter', async () => {
    const admin = await createAdmin(ctx.app);
    expect(expectApiError(await call(ctx.app, admin, 'GET', '/api/audit?action=user.delete'), 400).fields).toHaveProperty('action');
    expect(expectApiError(await call(ctx.app, admin, 'GET', '/api/audit?pageSize=1000'), 400).fields).toHaveProperty('pageSize');
    const reversed = expectApiError(await call(ctx.app, admin, 'GET', '/api/audit?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z'), 400);
    expect(reversed.fields).toEqual({ to: auditApiMessages.rangeReversed });
  });

  it('exports the filtered rows as CSV, newest first, as a download', async () => {
    const admin = await createAdmin(ctx.app, { firstName: 'Jolanta', lastName: 'Eksportowa' });
    const targets = await deactivations(ctx, admin, 3);
    const response = await call(ctx.app, admin, 'GET', `/api/audit/export.csv?actorId=${admin.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,occurredAt,actorId,actorName,action,entityType,entityId,before,after,prevHash,hash');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    expect(rows.map((cells) => Number(cells[6]))).toEqual([...targets].reverse());
    expect(rows[0]?.slice(2, 6)).toEqual([String(admin.user.id), 'Jolanta Eksportowa', 'employee.deactivate', 'user']);
    expect(expectApiError(await call(ctx.app, admin, 'GET', '/api/audit/export.csv?actorId=x'), 400).fields).toHaveProperty('actorId');
  });
});

describeEachEngine('GET /api/audit/verify', (engine) => {
  const ctx = useTestApp(engine);

  it('says intact, then names the row edited behind the triggers\u2019 back', async () => {
    const admin = await createAdmin(ctx.app);
    await deactivations(ctx, admin, 3);
    const intact = await call(ctx.app, admin, 'GET', '/api/audit/verify');
    expect(intact.statusCode).toBe(200);
    expect(intact.json()).toMatchObject({ intact: true, checked: 3, head: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    const { items } = await list(ctx, admin, '?pageSize=3');
    const middle = items[1]!;
    await dropAuditTriggers(ctx.app);
    await ctx.app.db.updateTable('audit_log').set({ after_json: '{"enabled":true}' }).where('id', '=', middle.id).execute();

    const broken = await call(ctx.app, admin, 'GET', '/api/audit/verify');
    expect(broken.json()).toEqual({ intact: false, checked: 1, brokenAt: middle.id, reason: 'hash' });
  });
});
