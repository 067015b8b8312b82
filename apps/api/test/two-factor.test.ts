import { RECOVERY_CODE_COUNT } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditRowsFor } from './helpers/audit.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';

// The TOTP clock of the suite's servers: each test moves it on, so no code is a replay of another test's.
let clock = Date.parse('2026-03-02T09:00:00.000Z');
const tick = () => (clock += 5 * 60_000);
const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });

let addressSeq = 0;
/** Each test signs in from an address of its own: the throttle counts per address. */
const freshAddress = () => `10.9.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

type Json = Record<string, unknown>;

describeEachEngine('Two-factor sign-in', (engine) => {
  // The throttle's slow-down is recorded, not slept: the counting is what these tests check.
  const noSleep = async () => undefined;
  const ctx = useTestApp(engine, {}, { twoFactorNow: () => clock, loginSleep: noSleep });

  const login = (app: FastifyInstance, who: CreatedUser, address: string, password = who.password) =>
    app.inject({ method: 'POST', url: '/login', payload: { username: who.user.username, password }, remoteAddress: address });
  const secondStep = (app: FastifyInstance, challenge: string, code: string, address: string) =>
    app.inject({ method: 'POST', url: '/login/second-factor', payload: { challenge, code }, remoteAddress: address });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Sets up the app for `who` through the API; answers the secret and the recovery codes. */
  async function enrol(app: FastifyInstance, who: CreatedUser, headers: Record<string, string>, address: string) {
    const setup = await app.inject({ method: 'POST', url: '/api/two-factor/totp/setup', headers, payload: { password: who.password }, remoteAddress: address });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
    const confirm = await app.inject({ method: 'POST', url: '/api/two-factor/totp/confirm', headers, payload: { code: await codeAt(secret) }, remoteAddress: address });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return { secret, otpauthUri, ...confirm.json<{ recoveryCodes: string[]; tokenJWT?: string }>() };
  }

  async function challengeOf(app: FastifyInstance, who: CreatedUser, address: string): Promise<string> {
    const answer = await login(app, who, address);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<Json>();
    expect(body).not.toHaveProperty('tokenJWT');
    return (body.secondFactor as { challenge: string }).challenge;
  }

  it('enrols with a QR address and one code, keeps the secret encrypted, then asks for a code at every sign-in', async () => {
    tick();
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    const before = await login(ctx.app, citizen, address);
    expect(Object.keys(before.json<Json>())).toEqual(['tokenJWT']);

    const setup = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/setup', headers: citizen.headers, payload: { password: citizen.password }, remoteAddress: address });
    const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUri).searchParams.get('secret')).toBe(secret);

    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/confirm', headers: citizen.headers, payload: { code: '000000' }, remoteAddress: address });
    expect(expectApiError(wrong, 400).fields?.code).toBe('That code is not right. Check the time on your phone and try again.');
    const confirm = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/confirm', headers: citizen.headers, payload: { code: await codeAt(secret) }, remoteAddress: address });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);

    // Nobody reads the secret back: not the status, not the database row in clear.
    const status = await ctx.app.inject({ url: '/api/two-factor', headers: citizen.headers });
    expect(status.json()).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false, enrolmentPending: false });
    expect(status.body).not.toContain(secret);
    const row = await ctx.app.db.selectFrom('two_factor_totp').selectAll().where('user_id', '=', citizen.user.id).executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(secret);
    const codes = await ctx.app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', citizen.user.id).execute();
    expect(codes.map((c) => c.code_hash).join()).not.toContain(recoveryCodes[0]?.replace('-', ''));
    // A second set-up while one is on is refused.
    expectApiError(await ctx.app.inject({ method: 'POST', url: '/api/two-factor/totp/setup', headers: citizen.headers, payload: { password: citizen.password }, remoteAddress: address }), 409);

    clock += 30_000;
    const challenge = await challengeOf(ctx.app, citizen, address);
    const code = await codeAt(secret);
    const signedIn = await secondStep(ctx.app, challenge, code, address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: bearer(signedIn.json<{ tokenJWT: string }>().tokenJWT) });
    expect(me.json()).toMatchObject({ id: citizen.user.id });

    // The challenge was used up, and the same code does not work twice (no replay).
    expectApiError(await secondStep(ctx.app, challenge, code, address), 401);
    const again = await challengeOf(ctx.app, citizen, address);
    expect(expectApiError(await secondStep(ctx.app, again, code, address), 401).message).toBe(
      'That code is not right. Check the time on your phone and try again.',
    );
  });

  it('throttles wrong codes exactly like wrong passwords: three wrong codes and two wrong passwords, then the sixth attempt is refused, also for the right password', async () => {
    tick();
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    const { secret } = await enrol(ctx.app, citizen, citizen.headers, address);
    clock += 30_000;
    const challenge = await challengeOf(ctx.app, citizen, address);
    // A challenge takes three codes (second-factor-guesses.test.ts), each counted like a password.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectApiError(await secondStep(ctx.app, challenge, '123456', address), 401);
    }
    for (let attempt = 1; attempt <= 2; attempt += 1) expectApiError(await login(ctx.app, citizen, address, 'Wrong12345'), 401);
    // The same counter as the password: the password is refused now, from this address.
    const locked = expectApiError(await login(ctx.app, citizen, address), 429);
    expect(locked.message).toBe('Too many failed logins for this username. Please try again later.');
    // From another address the owner still gets in (the lock is per username and address).
    const elsewhere = freshAddress();
    const other = await challengeOf(ctx.app, citizen, elsewhere);
    expect((await secondStep(ctx.app, other, await codeAt(secret), elsewhere)).statusCode).toBe(200);
  });

  it('takes each recovery code once, and new codes replace the old ones', async () => {
    tick();
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    const { recoveryCodes } = await enrol(ctx.app, citizen, citizen.headers, address);
    const [first = '', second = ''] = recoveryCodes;

    const used = await secondStep(ctx.app, await challengeOf(ctx.app, citizen, address), first.toLowerCase(), address);
    expect(used.statusCode, used.body).toBe(200);
    expectApiError(await secondStep(ctx.app, await challengeOf(ctx.app, citizen, address), first, address), 401);
    const status = await ctx.app.inject({ url: '/api/two-factor', headers: citizen.headers });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9 });

    const renewed = await ctx.app.inject({ method: 'POST', url: '/api/two-factor/recovery-codes', headers: citizen.headers, payload: { password: citizen.password }, remoteAddress: address });
    expect(renewed.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expectApiError(await secondStep(ctx.app, await challengeOf(ctx.app, citizen, address), second, address), 401);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes[0] ?? '';
    expect((await secondStep(ctx.app, await challengeOf(ctx.app, citizen, address), fresh, address)).statusCode).toBe(200);
  });

  it('lets an admin reset a staff member\'s second factor, audited, signing them out everywhere; the employee then signs in with the password alone', async () => {
    tick();
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app);
    const address = freshAddress();
    await enrol(ctx.app, employee, employee.headers, address);
    await challengeOf(ctx.app, employee, address);

    const reset = (who: CreatedUser, id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}/two-factor`, headers: who.headers });
    expectApiError(await reset(employee, employee.user.id), 403);
    expectApiError(await reset(admin, admin.user.id), 409);
    expectApiError(await reset(admin, 999_999), 404);
    const answer = await reset(admin, employee.user.id);
    expect(answer.statusCode, answer.body).toBe(204);

    const rows = await auditRowsFor(ctx.app, 'user', employee.user.id);
    const row = rows.find((r) => r.action === 'two-factor.reset');
    expect(row).toMatchObject({ actor_id: admin.user.id });
    expect(JSON.parse(String(row?.before_json))).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });
    // Whoever held the employee's signed-in token before the reset is signed out by it.
    const stale = await ctx.app.inject({ url: '/api/two-factor', headers: employee.headers });
    expect(stale.statusCode).toBe(401);
    const after = await login(ctx.app, employee, address);
    expect(Object.keys(after.json<Json>())).toEqual(['tokenJWT']);
    const status = await ctx.app.inject({ url: '/api/two-factor', headers: bearer(after.json<{ tokenJWT: string }>().tokenJWT) });
    expect(status.json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const verify = await ctx.app.inject({ url: '/api/audit/verify', headers: admin.headers });
    expect(verify.json()).toMatchObject({ intact: true });
  });

  it('turns the second factor off only with the person\'s password again, a wrong one counted like a sign-in', async () => {
    tick();
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    await enrol(ctx.app, citizen, citizen.headers, address);
    const off = (payload?: object) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/two-factor', headers: citizen.headers, remoteAddress: address, ...(payload ? { payload } : {}) });

    expectApiError(await off(), 400);
    expect(expectApiError(await off({ password: '' }), 400).fields).toEqual({ password: 'Enter your password to confirm.' });
    expect(expectApiError(await off({ password: 'Wrong12345' }), 400).fields).toEqual({ password: 'That password is not right.' });
    expect((await ctx.app.inject({ url: '/api/two-factor', headers: citizen.headers })).json()).toMatchObject({ totp: true });

    const done = await off({ password: citizen.password });
    expect(done.statusCode, done.body).toBe(204);
    expect((await ctx.app.inject({ url: '/api/two-factor', headers: citizen.headers })).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect(Object.keys((await login(ctx.app, citizen, address)).json<Json>())).toEqual(['tokenJWT']);
  });

  it('refuses a sixth wrong password to turn it off, then also the right one, like the sign-in throttle', async () => {
    tick();
    const citizen = await createCitizen(ctx.app);
    const address = freshAddress();
    await enrol(ctx.app, citizen, citizen.headers, address);
    const off = (password: string) => ctx.app.inject({ method: 'DELETE', url: '/api/two-factor', headers: citizen.headers, remoteAddress: address, payload: { password } });
    for (let i = 0; i < 5; i++) expectApiError(await off(`Wrong1234${i}`), 400);
    expectApiError(await off(citizen.password), 429);
    expect((await ctx.app.inject({ url: '/api/two-factor', headers: citizen.headers })).json()).toMatchObject({ totp: true });
  });

  describe('STAFF_2FA=required', () => {
    it('lets a staff sign-in without a second factor reach only the set-up until it enrols; the token it then gets opens the staff routes', async () => {
      tick();
      const app = await ctx.build({ twoFactor: { ...ctx.config.twoFactor, staffMode: 'required' } }, { twoFactorNow: () => clock, loginSleep: noSleep });
      const employee = await createEmployee(app);
      const address = freshAddress();
      const first = await login(app, employee, address);
      const limited = bearer(first.json<{ tokenJWT: string }>().tokenJWT);

      for (const url of ['/api/users', '/api/users/labels', '/api/conversations?status=OPEN', '/api/notifications']) {
        const refused = expectApiError(await app.inject({ url, headers: limited }), 403);
        expect(refused.error, url).toBe('SecondFactorRequired');
        expect(refused.message).toBe('Set up two-factor sign-in before you continue.');
      }
      expectApiError(await app.inject({ method: 'POST', url: '/api/ws/ticket', headers: limited }), 403);
      expect((await app.inject({ url: '/api/users/me', headers: limited })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/two-factor', headers: limited })).json()).toMatchObject({ required: true, enrolmentPending: true, totp: false });
      // Staff may not switch it off under `required`.
      expectApiError(await app.inject({ method: 'DELETE', url: '/api/two-factor', headers: employee.headers, payload: { password: employee.password } }), 409);

      const { tokenJWT } = await enrol(app, employee, limited, address);
      expect(tokenJWT).toBeTruthy();
      expectApiError(await app.inject({ url: '/api/users/me', headers: limited }), 401);
      const full = bearer(tokenJWT ?? '');
      expect((await app.inject({ url: '/api/users', headers: full })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/two-factor', headers: full })).json()).toMatchObject({ enrolmentPending: false, totp: true });
      // From now on the password alone is not enough.
      clock += 30_000;
      await challengeOf(app, employee, address);
    });

    it('leaves citizens free: their password still answers a full token', async () => {
      const app = await ctx.build({ twoFactor: { ...ctx.config.twoFactor, staffMode: 'required' } });
      const citizen = await createCitizen(app);
      const answer = await login(app, citizen, freshAddress());
      const token = answer.json<{ tokenJWT: string }>().tokenJWT;
      expect((await app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode).toBe(200);
    });
  });
});
