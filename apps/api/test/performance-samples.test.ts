import type { PerformanceDashboardResponse, PortalEvent } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createPerformanceSamples } from '../src/modules/performance/samples.js';
import { PortalEvents } from '../src/plugins/events.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, createCitizen, createEmployee, type CreatedUser } from './helpers/factories.js';
import { call, createLetter, messageBody } from './helpers/letters.js';

/*
 * Issue 33: the dashboard's own rows move with the letters' and cases' events, once per change,
 * whichever of two API processes on one database makes it, and not at all for a rolled-back
 * change. Read through the dashboard (this week, real clock) and through the rows themselves.
 */
describeEachEngine('the performance rows kept from the events', (engine) => {
  const ctx = useTestApp(engine);
  let other: FastifyInstance;
  let admin: CreatedUser;
  let clerk: CreatedUser;
  let citizen: CreatedUser;

  beforeAll(async () => {
    other = await ctx.build();
    admin = await createAdmin(ctx.app);
    clerk = await createEmployee(ctx.app);
    citizen = await createCitizen(ctx.app);
  });

  const thisWeek = async (unit: string) => {
    const response = await call(other, admin, 'GET', '/api/admin/performance');
    expect(response.statusCode, response.body).toBe(200);
    const figures = (response.json() as PerformanceDashboardResponse).units.find((entry) => entry.unit === unit);
    return figures?.weeks.at(-1);
  };
  const rowsOf = (matter: string, id: number) =>
    ctx.app.db.selectFrom('performance_samples').select(['kind', 'unit']).where('matter', '=', matter).where('matter_id', '=', id).orderBy('kind').execute();

  it('counts a letter once as it arrives, is first answered (twice at once, from two processes) and resolved', async () => {
    const before = await thisWeek('Public Works Department');
    const sent = await createLetter(ctx.app, citizen, { recipient: 'Public Works Department' });
    expect((await call(other, clerk, 'PUT', `/api/conversations/${sent.id}/take?employeeId=${clerk.user.id}`)).statusCode).toBe(200);
    const replies = await Promise.all(
      [ctx.app, other].map((app, index) => call(app, clerk, 'POST', `/api/conversations/${sent.id}/messages/send`, messageBody(sent.id, clerk, `Reply ${index}`))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect((await call(other, clerk, 'PUT', `/api/conversations/${sent.id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);

    expect(await rowsOf('letter', sent.id)).toEqual([
      { kind: 'decision', unit: 'Public Works Department' },
      { kind: 'first-reply', unit: 'Public Works Department' },
      { kind: 'received', unit: 'Public Works Department' },
    ]);
    const after = await thisWeek('Public Works Department');
    expect(after?.received).toBe((before?.received ?? 0) + 1);
    expect(after?.resolved).toBe((before?.resolved ?? 0) + 1);
    expect(after?.medianHoursToFirstReply).not.toBeNull();
  });

  it('moves a transferred letter\u2019s figures to its new department', async () => {
    const sent = await createLetter(ctx.app, citizen, { recipient: 'City Administration' });
    const parksBefore = await thisWeek('Parks and Recreation Department');
    const transfer = await call(other, admin, 'PUT', `/api/conversations/${sent.id}/transfer`, { department: 'Parks and Recreation Department', reason: 'Trees are ours.' });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(await rowsOf('letter', sent.id)).toEqual([{ kind: 'received', unit: 'Parks and Recreation Department' }]);
    expect((await thisWeek('Parks and Recreation Department'))?.received).toBe((parksBefore?.received ?? 0) + 1);
  });

  it('counts a case\u2019s first action and first decision once, however often its status changes', async () => {
    const before = await thisWeek('Case Resolutions');
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(other, clerk, created.id, 'IN_PROGRESS');
    await setStatus(ctx.app, clerk, created.id, 'REJECTED');
    await setStatus(other, clerk, created.id, 'RESOLVED');
    expect(await rowsOf('case', created.id)).toEqual([
      { kind: 'decision', unit: 'Case Resolutions' },
      { kind: 'first-reply', unit: 'Case Resolutions' },
      { kind: 'received', unit: 'Case Resolutions' },
    ]);
    const after = await thisWeek('Case Resolutions');
    expect(after?.received).toBe((before?.received ?? 0) + 1);
    expect(after?.resolved).toBe((before?.resolved ?? 0) + 1);
  });

  it('keeps nothing of a change that rolled back, and the one row of a change that committed', async () => {
    const samples = createPerformanceSamples(ctx.app.db);
    const events = new PortalEvents(ctx.app.db, ctx.app.log);
    events.subscribeInTransaction('performance', (trx, event) => samples.hear(trx, event));
    let failing = true;
    events.subscribeInTransaction('audit', async () => {
      if (failing) throw new Error('the audit row could not be written');
    }, 'last');
    const event = (conversationId: number): PortalEvent => ({
      type: 'letter-sent',
      at: new Date().toISOString(),
      actorId: citizen.user.id,
      actorLanguage: 'en',
      conversationId,
      letterId: conversationId,
      ownerId: citizen.user.id,
      subject: 'A lamp',
      department: 'City Administration',
      content: 'It is dark.',
    });
    await expect(events.transaction((trx) => events.emit(trx, event(900_001)))).rejects.toThrow('the audit row could not be written');
    expect(await rowsOf('letter', 900_001)).toEqual([]);
    failing = false;
    await events.transaction((trx) => events.emit(trx, event(900_002)));
    expect(await rowsOf('letter', 900_002)).toEqual([{ kind: 'received', unit: 'City Administration' }]);
  });
});
