import { type SessionListResponse, sessionsPaths } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditRowsFor } from './helpers/audit.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';

const IDLE_MINUTES = 15;
/** The idle time-out's clock: tests move it instead of waiting. */
let clockMs = Date.now();

/** Signs in through POST /login from a named browser and address, as a person would. */
async function signIn(app: FastifyInstance, who: CreatedUser, userAgent: string, address = '203.0.113.7') {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
    payload: { username: who.user.username, password: who.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ tokenJWT: string }>().tokenJWT;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

const me = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ url: '/api/users/me', headers });

/** A person made by the factory with the factory's session signed out: their sign-ins below are all their sessions. */
async function signedOut(app: FastifyInstance, who: CreatedUser): Promise<CreatedUser> {
  expect((await app.inject({ method: 'POST', url: '/logout', headers: who.headers })).statusCode).toBe(204);
  return who;
}

describeEachEngine('sessions people can see and end', (engine) => {
  const ctx = useTestApp(engine, { sessions: { lifetimeMinutes: 240, staffIdleMinutes: IDLE_MINUTES } }, { sessions: { now: () => clockMs } });
  // The factories' sessions start now: a clock an earlier test moved on would find them idle.
  beforeEach(() => {
    clockMs = Date.now();
  });

  describe('"Stay signed in"', () => {
    it('answers a new working token and revokes the old one at once, keeping when the person signed in', async () => {
      const citizen = await signedOut(ctx.app, await createCitizen(ctx.app));
      const first = await signIn(ctx.app, citizen, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
      const before = (await ctx.app.inject({ url: sessionsPaths.list, headers: first.headers })).json<SessionListResponse>();

      const refreshed = await ctx.app.inject({ method: 'POST', url: sessionsPaths.refresh, headers: first.headers });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const next = { authorization: `Bearer ${refreshed.json<{ tokenJWT: string }>().tokenJWT}` };
      expect(next.authorization).not.toBe(first.headers.authorization);

      expect((await me(ctx.app, next)).statusCode).toBe(200);
      expectApiError(await me(ctx.app, first.headers), 401);
      // Refreshing twice with the old token is refused too: a stolen copy cannot extend itself.
      expectApiError(await ctx.app.inject({ method: 'POST', url: sessionsPaths.refresh, headers: first.headers }), 401);
      // ...on every server of the database.
      const other = await ctx.build();
      expectApiError(await me(other, first.headers), 401);

      const after = (await ctx.app.inject({ url: sessionsPaths.list, headers: next })).json<SessionListResponse>();
      expect(after.sessions).toHaveLength(1);
      expect(after.sessions[0]).toMatchObject({ current: true, startedAt: before.sessions[0]?.startedAt, userAgent: expect.stringContaining('Firefox') });
    });
  });

  describe('"Your sessions"', () => {
    it('lists where and when each session started, and "sign out everywhere else" ends all but this one', async () => {
      const citizen = await signedOut(ctx.app, await createCitizen(ctx.app));
      const laptop = await signIn(ctx.app, citizen, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36', '198.51.100.4');
      const phone = await signIn(ctx.app, citizen, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile Safari/604.1', '192.0.2.55');
      const tablet = await signIn(ctx.app, citizen, 'Mozilla/5.0 (Linux; Android 14) Firefox/128.0', '192.0.2.99');

      const listed = await ctx.app.inject({ url: sessionsPaths.list, headers: laptop.headers });
      expect(listed.statusCode, listed.body).toBe(200);
      const { sessions, idleMinutes } = listed.json<SessionListResponse>();
      expect(idleMinutes).toBeNull();
      expect(sessions.map((session) => [session.address, session.current])).toEqual(
        expect.arrayContaining([
          ['198.51.100.4', true],
          ['192.0.2.55', false],
          ['192.0.2.99', false],
        ]),
      );
      expect(sessions.find((session) => session.address === '192.0.2.55')?.userAgent).toContain('iPhone');
      for (const session of sessions) expect(Date.parse(session.startedAt)).not.toBeNaN();

      const ended = await ctx.app.inject({ method: 'POST', url: sessionsPaths.endOthers, headers: laptop.headers });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ ended: 2 });
      expectApiError(await me(ctx.app, phone.headers), 401);
      expectApiError(await me(ctx.app, tablet.headers), 401);
      expect((await me(ctx.app, laptop.headers)).statusCode).toBe(200);
      const left = (await ctx.app.inject({ url: sessionsPaths.list, headers: laptop.headers })).json<SessionListResponse>();
      expect(left.sessions.map((session) => session.address)).toEqual(['198.51.100.4']);
    });

    it('shows nobody else\u2019s sessions', async () => {
      const one = await signedOut(ctx.app, await createCitizen(ctx.app));
      const other = await createCitizen(ctx.app);
      await signIn(ctx.app, other, 'Other browser');
      const mine = await signIn(ctx.app, one, 'My browser');
      const { sessions } = (await ctx.app.inject({ url: sessionsPaths.list, headers: mine.headers })).json<SessionListResponse>();
      expect(sessions.map((session) => session.userAgent)).toEqual(['My browser']);
    });
  });

  describe('an admin ends a staff member\u2019s sessions', () => {
    it('signs the employee out everywhere and records it in the audit trail', async () => {
      const admin = await createAdmin(ctx.app);
      const employee = await signedOut(ctx.app, await createEmployee(ctx.app));
      const desk = await signIn(ctx.app, employee, 'Desk PC');
      const home = await signIn(ctx.app, employee, 'Home laptop');

      const answer = await ctx.app.inject({ method: 'POST', url: sessionsPaths.endAllOf(employee.user.id), headers: admin.headers });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ ended: 2 });
      expectApiError(await me(ctx.app, desk.headers), 401);
      expectApiError(await me(ctx.app, home.headers), 401);

      const audit = await auditRowsFor(ctx.app, 'user', employee.user.id);
      expect(audit.map((row) => [row.action, row.actor_id, row.after])).toEqual([['sessions.end-all', admin.user.id, { sessions: 0 }]]);
      // The employee can sign in again (ending sessions is not deactivation).
      expect((await me(ctx.app, (await signIn(ctx.app, employee, 'Desk PC')).headers)).statusCode).toBe(200);
    });

    it('refuses citizens\u2019 accounts, the admin\u2019s own, and callers who are not admins', async () => {
      const admin = await createAdmin(ctx.app);
      const employee = await createEmployee(ctx.app);
      const citizen = await createCitizen(ctx.app);
      expectApiError(await ctx.app.inject({ method: 'POST', url: sessionsPaths.endAllOf(citizen.user.id), headers: admin.headers }), 409);
      expectApiError(await ctx.app.inject({ method: 'POST', url: sessionsPaths.endAllOf(admin.user.id), headers: admin.headers }), 409);
      expectApiError(await ctx.app.inject({ method: 'POST', url: sessionsPaths.endAllOf(admin.user.id), headers: employee.headers }), 403);
    });
  });

  describe('the staff idle time-out', () => {
    it(`ends a staff session after ${IDLE_MINUTES} idle minutes, on every server, while activity keeps it going`, async () => {
      const employee = await createEmployee(ctx.app);
      clockMs = Date.now();
      const session = await signIn(ctx.app, employee, 'Desk PC');
      const { idleMinutes } = (await ctx.app.inject({ url: sessionsPaths.list, headers: session.headers })).json<SessionListResponse>();
      expect(idleMinutes).toBe(IDLE_MINUTES);

      // Busy: a request every 10 minutes keeps the session for 40 minutes, past the idle time.
      for (let step = 0; step < 4; step += 1) {
        clockMs += 10 * 60_000;
        expect((await me(ctx.app, session.headers)).statusCode).toBe(200);
      }
      // Idle: past the limit it is over, and a restarted server (the clock is in the database) agrees.
      clockMs += (IDLE_MINUTES + 1) * 60_000;
      expectApiError(await me(ctx.app, session.headers), 401);
      const restarted = await ctx.build({}, { sessions: { now: () => clockMs } });
      expectApiError(await me(restarted, session.headers), 401);
    });

    it('is judged from the database, so another server sees the activity this one recorded', async () => {
      const employee = await createEmployee(ctx.app);
      clockMs = Date.now();
      const session = await signIn(ctx.app, employee, 'Desk PC');
      const other = await ctx.build({}, { sessions: { now: () => clockMs } });
      clockMs += (IDLE_MINUTES - 2) * 60_000;
      expect((await me(ctx.app, session.headers)).statusCode).toBe(200);
      clockMs += (IDLE_MINUTES - 2) * 60_000;
      expect((await me(other, session.headers)).statusCode).toBe(200);
    });

    it('leaves citizens signed in however long they pause', async () => {
      const citizen = await createCitizen(ctx.app);
      clockMs = Date.now();
      const session = await signIn(ctx.app, citizen, 'Home');
      clockMs += 3 * IDLE_MINUTES * 60_000;
      expect((await me(ctx.app, session.headers)).statusCode).toBe(200);
    });
  });
});
