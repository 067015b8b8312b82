import { CLOSE_ACCOUNT_INACTIVE } from '@portal/contract';
import type { RouteOptions } from 'fastify';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createRevocations } from '../src/modules/sessions/revocations.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createCitizen, createEmployee } from './helpers/factories.js';
import { connectLive, settle } from './helpers/live-client.js';

const routes: { method: string; url: string }[] = [];
const collect = (route: RouteOptions) => {
  for (const method of [route.method].flat()) routes.push({ method: method.toUpperCase(), url: route.url });
};
/** Every route that needs a login, as a request: ids filled in, auto-added HEAD routes left out. */
const protectedRequests = () =>
  routes
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .filter((route) => !['/login', '/login/second-factor', '/login/passkey/options', '/login/passkey', '/register', '/healthz', '/readyz', '/metrics', '/api/docs', '/api/receipts/verify', '/api/notifications/unsubscribe/:token', '/api/password-reset/check', '/api/password-reset', '/api/ratings/:token', '/api/public/performance', '/api/public/performance.csv', '/*'].includes(route.url))
    .map((route) => ({ method: route.method as 'GET', url: route.url.replace(/:[A-Za-z]+/g, '1') }));

describeEachEngine('POST /logout and deactivation end sessions', (engine) => {
  const ctx = useTestApp(engine, {}, { onRoute: collect });
  const logout = (headers: Record<string, string>, cookies?: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/logout', headers, cookies });
  const me = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/users/me', headers });

  it('answers 204, and the same token then gets 401 on every route, while another session of the account goes on', async () => {
    const employee = await createEmployee(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: employee.user.username, password: employee.password } });
    const otherSession = { authorization: `Bearer ${login.json<{ tokenJWT: string }>().tokenJWT}` };
    expect((await me(employee.headers)).statusCode).toBe(200);

    const answer = await logout(employee.headers);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe('');

    const requests = protectedRequests();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(
      expect.arrayContaining(['GET /api/users/me', 'POST /logout', 'POST /api/letters', 'GET /api/ws']),
    );
    for (const request of requests) {
      const response = await ctx.app.inject({ ...request, headers: employee.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    expect((await ctx.app.inject({ url: '/api/users', headers: otherSession })).statusCode).toBe(200);
  });

  it('is refused on every other server of the database too, including one started afterwards', async () => {
    const citizen = await createCitizen(ctx.app);
    const running = await ctx.build();
    expect((await running.inject({ url: '/api/users/me', headers: citizen.headers })).statusCode).toBe(200);
    expect((await logout(citizen.headers)).statusCode).toBe(204);
    expectApiError(await running.inject({ url: '/api/users/me', headers: citizen.headers }), 401);
    const restarted = await ctx.build();
    expectApiError(await restarted.inject({ url: '/api/users/me', headers: citizen.headers }), 401);
  });

  it('works with the auth cookie from our own page, not from a foreign one', async () => {
    const citizen = await createCitizen(ctx.app);
    const cookies = { auth_token: citizen.token };
    const foreign = await ctx.app.inject({ method: 'POST', url: '/logout', cookies, headers: { origin: 'https://evil.example' } });
    expectApiError(foreign, 403);
    expect((await me(citizen.headers)).statusCode).toBe(200);
    const own = await ctx.app.inject({ method: 'POST', url: '/logout', cookies, headers: { origin: 'http://localhost', host: 'localhost:80' } });
    expect(own.statusCode, own.body).toBe(204);
    expectApiError(await me(citizen.headers), 401);
  });

  it('ends every token of an account when it is deactivated, and they stay ended after reactivation', async () => {
    const citizen = await createCitizen(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: citizen.user.username, password: citizen.password } });
    const second = { authorization: `Bearer ${login.json<{ tokenJWT: string }>().tokenJWT}` };
    const other = await ctx.build();
    const users = createUsersRepository(ctx.app.db);

    await users.setEnabled(citizen.user.id, false);
    for (const app of [ctx.app, other]) {
      for (const headers of [citizen.headers, second]) expectApiError(await app.inject({ url: '/api/users/me', headers }), 401);
    }

    await users.setEnabled(citizen.user.id, true);
    for (const headers of [citizen.headers, second]) expectApiError(await me(headers), 401);
    const fresh = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: citizen.user.username, password: citizen.password } });
    expect(fresh.statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${fresh.json<{ tokenJWT: string }>().tokenJWT}` })).statusCode).toBe(200);
  });

  it("closes the open WebSocket of a logged-out token at the next heartbeat", async () => {
    // The heartbeat also ends a socket whose pong is late: at 100 ms a busy CI machine (Vitest beside
    // Playwright) missed it and got 1006 instead of 4401; 500 ms still ends the socket well inside 2 s.
    const quick = await ctx.build({}, { liveHeartbeatMs: 500 });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    const citizen = await createCitizen(ctx.app);
    const live = await connectLive(`http://127.0.0.1:${(quick.server.address() as AddressInfo).port}`, citizen.token);
    expect(await Promise.race([live.closed, settle(350).then(() => 'still open')])).toBe('still open');
    expect((await logout(citizen.headers)).statusCode).toBe(204);
    expect(await Promise.race([live.closed, settle(2_000).then(() => 'still open')])).toBe(CLOSE_ACCOUNT_INACTIVE);
  });

  it('forgets a revocation once its token has expired anyway', async () => {
    let now = Date.parse('2030-06-01T08:00:00Z');
    const revocations = createRevocations(ctx.app.db, () => now);
    await revocations.revoke('expired-soon-token-id-1', now + 60_000);
    await revocations.revoke('expired-late-token-id-1', now + 3_600_000);
    now += 120_000;
    await revocations.purgeExpired();
    const left = await ctx.app.db
      .selectFrom('revoked_tokens')
      .select('jti')
      .where('jti', 'in', ['expired-soon-token-id-1', 'expired-late-token-id-1'])
      .execute();
    expect(left.map((row) => row.jti)).toEqual(['expired-late-token-id-1']);
  });
});
