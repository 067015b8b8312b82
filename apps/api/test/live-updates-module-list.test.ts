import type { AddressInfo } from 'node:net';
import type { RealtimeEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModuleList } from '../src/app-module.js';
import { auditModule } from '../src/modules/audit/index.js';
import { authModule } from '../src/modules/auth/index.js';
import { casesModule } from '../src/modules/cases/index.js';
import { employeesModule } from '../src/modules/employees/index.js';
import { healthModule } from '../src/modules/health/index.js';
import { notificationsModule } from '../src/modules/notifications/index.js';
import { obligationsModule } from '../src/modules/obligations/index.js';
import { quotasModule } from '../src/modules/quotas/index.js';
import { receiptsModule } from '../src/modules/receipts/index.js';
import { usersModule } from '../src/modules/users/index.js';
import { LiveTopics } from '../src/plugins/realtime/index.js';
import { sessionsModule } from '../src/modules/sessions/index.js';
import { MemoryRealtimeBus } from '../src/plugins/realtime/memory-bus.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';

/** The portal's list with the letters module (once the owner of GET /api/ws) left out. */
const withoutLetters = ModuleList.empty()
  .add(healthModule)
  .add(auditModule())
  .add(usersModule)
  .add(receiptsModule)
  .add(sessionsModule())
  .add(notificationsModule({ autoStart: false }))
  .add(authModule({}))
  .add(quotasModule)
  .add(employeesModule)
  .add(obligationsModule)
  .add(casesModule);

describeEachEngine('live updates of a server without the letters module', (engine) => {
  const ctx = useTestApp(engine, {}, { modules: withoutLetters });
  let baseUrl = '';
  const clients: LiveClient[] = [];
  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    [citizen, employee] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('has no letter routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/conversations/user/${citizen.user.id}`, headers: citizen.headers });
    expect(response.statusCode).toBe(404);
  });

  it('still tells a citizen\u2019s open socket the new status of their case', async () => {
    const created = await createVehicleCase(ctx.app, citizen);
    const live = await connectLive(baseUrl, citizen.token);
    clients.push(live);

    const updated = await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
    const event = await live.waitFor((e: RealtimeEvent) => e.type === 'case-status' && e.caseId === created.id);
    expect(event).toEqual({ type: 'case-status', caseId: created.id, status: 'IN_PROGRESS', changedAt: updated.statusChangedAt });
  });

  it('ignores a command to follow a conversation, which no listed module offers, and keeps the socket', async () => {
    const live = await connectLive(baseUrl, citizen.token);
    clients.push(live);
    live.send({ type: 'subscribe', conversationId: 1 });
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, employee, created.id, 'REJECTED');
    expect(await live.waitFor((e) => e.type === 'case-status' && e.caseId === created.id)).toMatchObject({ status: 'REJECTED' });
  });
});

describe('live topics', () => {
  it('refuses a second module claiming a kind another module publishes', () => {
    const topics = new LiveTopics(new MemoryRealtimeBus({ info() {}, warn() {}, error() {} }), { warn() {} });
    topics.register({ kind: 'case', module: 'cases' });
    expect(() => topics.register({ kind: 'case', module: 'inspections' })).toThrow('Live topic "case" is registered by module "cases" already');
    expect(topics.list()).toEqual(['case']);
  });
});
