import type { AddressInfo } from 'node:net';
import type { RealtimeEvent } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { connectLive, type LiveClient, settle } from './helpers/live-client.js';

const aboutCase = (caseId: number, status?: string) => (event: RealtimeEvent) =>
  event.type === 'case-status' && event.caseId === caseId && (status === undefined || event.status === status);

/** The citizen's open details page follows the status live: their socket gets the case's changes. */
describeEachEngine('live case status', (engine) => {
  const ctx = useTestApp(engine);
  let baseUrl: string;
  const clients: LiveClient[] = [];
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    [citizen, otherCitizen, employee, admin] = [await createCitizen(ctx.app), await createCitizen(ctx.app), await createEmployee(ctx.app), await createAdmin(ctx.app)];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  const connect = async (who: CreatedUser) => {
    const client = await connectLive(baseUrl, who.token);
    clients.push(client);
    return client;
  };

  it('tells the case\u2019s citizen and staff each new status, and no other citizen', async () => {
    const created = await createVehicleCase(ctx.app, citizen);
    const [citizenLive, otherLive, employeeLive, adminLive] = await Promise.all([connect(citizen), connect(otherCitizen), connect(employee), connect(admin)]);

    const updated = await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
    const event = await citizenLive.waitFor(aboutCase(created.id, 'IN_PROGRESS'));
    expect(event).toEqual({ type: 'case-status', caseId: created.id, status: 'IN_PROGRESS', changedAt: updated.statusChangedAt });
    await employeeLive.waitFor(aboutCase(created.id, 'IN_PROGRESS'));
    await adminLive.waitFor(aboutCase(created.id, 'IN_PROGRESS'));

    await setStatus(ctx.app, admin, created.id, 'RESOLVED');
    await citizenLive.waitFor(aboutCase(created.id, 'RESOLVED'));

    await settle();
    expect(otherLive.events.filter(aboutCase(created.id))).toEqual([]);
    expect(citizenLive.events.filter(aboutCase(created.id)).map((e) => (e.type === 'case-status' ? e.status : ''))).toEqual(['IN_PROGRESS', 'RESOLVED']);
  });

  it('sends nothing when the status chosen is the one the case has', async () => {
    const created = await createVehicleCase(ctx.app, citizen);
    const citizenLive = await connect(citizen);
    await setStatus(ctx.app, employee, created.id, 'PENDING');
    await settle();
    expect(citizenLive.events.filter(aboutCase(created.id))).toEqual([]);
  });

  // SQLite runs one API process by design: several processes share events only on PostgreSQL,
  // so this test exists for that engine alone.
  if (engine.name === 'postgres') it('reaches a socket of another API process on the same database (LISTEN/NOTIFY)', async () => {
    const second = await ctx.build();
    await second.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const citizenLive = await connectLive(secondUrl, citizen.token);
    clients.push(citizenLive);
    const created = await createVehicleCase(ctx.app, citizen);
    await setStatus(ctx.app, employee, created.id, 'REJECTED');
    expect(await citizenLive.waitFor(aboutCase(created.id, 'REJECTED'))).toMatchObject({ caseId: created.id });
  });
});
