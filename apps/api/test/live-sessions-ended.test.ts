import { CLOSE_ACCOUNT_INACTIVE, myDataPaths, passwordPaths, type SessionListResponse, sessionsPaths } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { issueDirectToken } from '../src/modules/sessions/direct-token.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';

/** Far beyond any test: a socket that closes did not wait for its heartbeat. */
const HEARTBEAT_MS = 60 * 60_000;
/** How long a socket is given to close: the notice crosses the bus and one query runs. */
const CLOSE_WITHIN_MS = 5_000;

/** The close code, or 'open' when the socket is still open after CLOSE_WITHIN_MS. */
function closeCode(client: LiveClient): Promise<number | 'open'> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), CLOSE_WITHIN_MS)));
  return Promise.race([client.closed, open]).finally(() => clearTimeout(timer));
}

const baseUrlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
/** Another session of the same person, as a second sign-in would give. */
const anotherSession = async (app: FastifyInstance, who: CreatedUser): Promise<CreatedUser> => {
  const token = await issueDirectToken(app, who.user);
  return { ...who, token, headers: { authorization: `Bearer ${token}` } };
};

describeEachEngine('ending sessions closes their open WebSockets at once, on every API process', (engine) => {
  const ctx = useTestApp(engine, {}, { liveHeartbeatMs: HEARTBEAT_MS });
  /** Where the change is made (A) and where the sockets are open (B): two processes joined by the PostgreSQL bus; SQLite runs one. */
  let a: FastifyInstance;
  let b: FastifyInstance;
  const clients: LiveClient[] = [];
  const openOnB = async (who: CreatedUser) => {
    const client = await connectLive(baseUrlOf(b), who.token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    a = ctx.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    b = engine.name === 'postgres' ? await ctx.build({}, { liveHeartbeatMs: HEARTBEAT_MS }) : a;
    if (b !== a) await b.listen({ port: 0, host: '127.0.0.1' });
    return async () => {
      await Promise.all(clients.map((client) => client.close()));
    };
  });

  it('logout closes that session’s socket and leaves the person’s other session live', async () => {
    const phone = await createCitizen(ctx.app);
    const laptop = await anotherSession(ctx.app, phone);
    const tablet = await anotherSession(ctx.app, phone);
    const [phoneSocket, laptopSocket, tabletSocket] = [await openOnB(phone), await openOnB(laptop), await openOnB(tablet)];

    expect((await a.inject({ method: 'POST', url: '/logout', headers: phone.headers })).statusCode).toBe(204);
    expect(await closeCode(phoneSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    // A second logout: once its socket closed, the laptop's socket has been checked twice and is still open.
    expect((await a.inject({ method: 'POST', url: '/logout', headers: tablet.headers })).statusCode).toBe(204);
    expect(await closeCode(tabletSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    expect(laptopSocket.isOpen()).toBe(true);
  });

  it('"sign out everywhere else" closes the other sessions’ sockets, not this one’s', async () => {
    const here = await createCitizen(ctx.app);
    const elsewhere = await anotherSession(ctx.app, here);
    const [hereSocket, elsewhereSocket] = [await openOnB(here), await openOnB(elsewhere)];

    const ended = await a.inject({ method: 'POST', url: sessionsPaths.endOthers, headers: here.headers });
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await closeCode(elsewhereSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    expect(hereSocket.isOpen()).toBe(true);
  });

  it('ending one session of the list closes that session’s socket only (issue 35)', async () => {
    const here = await createCitizen(ctx.app);
    const [phone, tablet] = [await anotherSession(ctx.app, here), await anotherSession(ctx.app, here)];
    const [hereSocket, phoneSocket, tabletSocket] = [await openOnB(here), await openOnB(phone), await openOnB(tablet)];
    // The phone's entry of the list, told apart from the others by its own listing (current: true).
    const phoneId = (await call(a, phone, 'GET', sessionsPaths.list)).json<SessionListResponse>().sessions.find((session) => session.current)?.id ?? '';

    expect((await call(a, here, 'POST', sessionsPaths.endOne(phoneId))).statusCode).toBe(204);
    expect(await closeCode(phoneSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    expect(hereSocket.isOpen()).toBe(true);
    expect(tabletSocket.isOpen()).toBe(true);
  });

  it('changing the password closes the other sessions’ sockets, not the one that changed it (issue 35)', async () => {
    const here = await createCitizen(ctx.app);
    const elsewhere = await anotherSession(ctx.app, here);
    const [hereSocket, elsewhereSocket] = [await openOnB(here), await openOnB(elsewhere)];

    const changed = await call(a, here, 'POST', passwordPaths.change, { currentPassword: here.password, newPassword: 'Nowe-haslo-2026', confirmPassword: 'Nowe-haslo-2026' });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await closeCode(elsewhereSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    expect(hereSocket.isOpen()).toBe(true);
  });

  it('an admin ending a staff member’s sessions closes every socket of theirs', async () => {
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app);
    const sockets = [await openOnB(employee), await openOnB(await anotherSession(ctx.app, employee))];

    expect((await call(a, admin, 'POST', sessionsPaths.endAllOf(employee.user.id))).statusCode).toBe(200);
    expect(await Promise.all(sockets.map(closeCode))).toEqual([CLOSE_ACCOUNT_INACTIVE, CLOSE_ACCOUNT_INACTIVE]);
  });

  it('deactivating an employee closes every socket of theirs', async () => {
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app);
    const bystander = await createEmployee(ctx.app);
    const [employeeSocket, bystanderSocket] = [await openOnB(employee), await openOnB(bystander)];

    expect((await call(a, admin, 'PUT', `/api/users/deactivate/${employee.user.id}`)).statusCode).toBe(200);
    expect(await closeCode(employeeSocket)).toBe(CLOSE_ACCOUNT_INACTIVE);
    expect(bystanderSocket.isOpen()).toBe(true);
  });

  it('an admin resetting a person\u2019s second factor closes every socket of theirs (whoever holds the lost device is out)', async () => {
    const admin = await createAdmin(ctx.app);
    const citizen = await createCitizen(ctx.app);
    const bystander = await createCitizen(ctx.app);
    const sockets = [await openOnB(citizen), await openOnB(await anotherSession(ctx.app, citizen))];
    const bystanderSocket = await openOnB(bystander);

    expect((await a.inject({ method: 'DELETE', url: `/api/users/${citizen.user.id}/two-factor`, headers: admin.headers })).statusCode).toBe(204);
    expect(await Promise.all(sockets.map(closeCode))).toEqual([CLOSE_ACCOUNT_INACTIVE, CLOSE_ACCOUNT_INACTIVE]);
    expect(bystanderSocket.isOpen()).toBe(true);
  });

  it('closing an account closes every socket of that person', async () => {
    const admin = await createAdmin(ctx.app);
    const citizen = await createCitizen(ctx.app);
    const sockets = [await openOnB(citizen), await openOnB(await anotherSession(ctx.app, citizen))];

    expect((await a.inject({ method: 'POST', url: myDataPaths.closure, headers: citizen.headers })).statusCode).toBe(201);
    expect((await call(a, admin, 'POST', myDataPaths.approve(citizen.user.id))).statusCode).toBe(200);
    expect(await Promise.all(sockets.map(closeCode))).toEqual([CLOSE_ACCOUNT_INACTIVE, CLOSE_ACCOUNT_INACTIVE]);
  });
});
