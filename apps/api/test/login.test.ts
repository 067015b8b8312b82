import { authApiMessages, httpMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { countUsers, createCitizen, createEmployee, uniqueTag } from './helpers/factories.js';

describeEachEngine('POST /login', (engine) => {
  const ctx = useTestApp(engine, {
    loginThrottle: { perUserAndAddress: 3, windowMinutes: 15, perAddress: 50, delayBaseMs: 50, delayMaxMs: 400 },
  });
  const login = (username: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password }, remoteAddress: ip });

  it('answers 200 with a token for the account that logged in', async () => {
    const { user, password } = await createEmployee(ctx.app);
    const response = await login(user.username, password);
    expect(response.statusCode, response.body).toBe(200);
    const { tokenJWT } = response.json<{ tokenJWT: string }>();
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${tokenJWT}` } });
    expect(me.json()).toMatchObject({ id: user.id, role: 'EMPLOYEE' });
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const { user } = await createCitizen(ctx.app);
    const error = expectApiError(await login(user.username, 'Wrong12345'), 401);
    expect(error.message).toBe(authApiMessages.badCredentials);
  });

  it('refuses an unknown username with the same 401 answer', async () => {
    const error = expectApiError(await login(`ghost${uniqueTag()}`, 'Secret123'), 401);
    expect(error.message).toBe(authApiMessages.badCredentials);
  });

  it('matches the username exactly', async () => {
    const { user, password } = await createCitizen(ctx.app);
    expectApiError(await login(user.username.toUpperCase(), password), 401);
  });

  it('refuses a disabled account with 403 accountDisabled, but only after the right password', async () => {
    const { user, password } = await createCitizen(ctx.app, { enabled: false });
    expect(expectApiError(await login(user.username, password), 403).message).toBe(authApiMessages.accountDisabled);
    expect(expectApiError(await login(user.username, 'Wrong12345'), 401).message).toBe(authApiMessages.badCredentials);
  });

  it('locks a username for the address that failed, even for the right password; others and other addresses get in', async () => {
    const { user, password } = await createCitizen(ctx.app);
    const other = await createCitizen(ctx.app);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectApiError(await login(user.username, `Wrong${attempt}2345`, '10.1.0.1'), 401);
    }
    const locked = await login(user.username, password, '10.1.0.1');
    expect(expectApiError(locked, 429).message).toBe(authApiMessages.accountLocked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The same username in another case is the same lock.
    expectApiError(await login(user.username.toUpperCase(), password, '10.1.0.1'), 429);
    expect((await login(other.user.username, other.password, '10.1.0.1')).statusCode).toBe(200);
    // The owner on an address that has not failed gets in (after the short slow-down).
    expect((await login(user.username, password, '10.1.0.9')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { user, password } = await createCitizen(ctx.app);
    for (let round = 0; round < 2; round += 1) {
      expectApiError(await login(user.username, 'Wrong12345'), 401);
      expectApiError(await login(user.username, 'Wrong12345'), 401);
      expect((await login(user.username, password)).statusCode).toBe(200);
    }
  });

  type Case = [name: string, payload: unknown, headers?: Record<string, string>, status?: number];
  const malformed: Case[] = [
    ['no body', undefined],
    ['empty object', {}],
    ['username only', { username: 'anowak' }],
    ['password only', { password: 'Citizen123' }],
    ['null fields', { username: null, password: null }],
    ['numbers', { username: 1, password: 12345678 }],
    ['arrays', { username: ['anowak'], password: ['Citizen123'] }],
    ['operator objects', { username: { $gt: '' }, password: { $gt: '' } }],
    // Over the small routes' body limit: refused before it is parsed.
    ['huge username', { username: 'a'.repeat(50_000), password: 'Citizen123' }, undefined, 413],
    ['a username of 5,000 characters', { username: 'a'.repeat(5_000), password: 'Citizen123' }],
    // Passes the field rules, so it is a (failed) login attempt, not a validation error.
    ['SQL injection', { username: "' OR '1'='1' --", password: "' OR '1'='1" }, undefined, 401],
    ['NUL in username', { username: 'anowak\u0000', password: 'Citizen123' }],
    ['a top-level array', [{ username: 'anowak', password: 'Citizen123' }]],
    ['broken JSON', '{"username":', { 'content-type': 'application/json' }],
    ['text/plain', 'username=anowak', { 'content-type': 'text/plain' }, 415],
    ['form-encoded', 'username=anowak&password=Citizen123', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
  ];

  it.each(malformed)('refuses %s with a 4xx error and writes nothing', async (_name, payload, headers, status) => {
    const before = await countUsers(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: payload as string | object | undefined,
      headers,
    });
    const error = expectApiError(response, status ?? response.statusCode);
    expect(response.statusCode).toBe(status ?? 400);
    expect(error.error).not.toBe('InternalServerError');
    expect(await countUsers(ctx.app)).toBe(before);
  });

  describe('rate limit per client IP', () => {
    it('answers 429 tooManyRequests after AUTH_RATE_LIMIT_PER_MINUTE calls, for login and register alike', async () => {
      const limited = await ctx.build({ authRateLimitPerMinute: 3 });
      const ip = '192.0.2.77';
      // A different username each time, so the username lock stays out of the picture.
      const attempt = (remoteAddress: string) =>
        limited.inject({ method: 'POST', url: '/login', payload: { username: `rl${uniqueTag()}`, password: 'Wrong12345' }, remoteAddress });
      for (let i = 0; i < 3; i += 1) expect((await attempt(ip)).statusCode).toBe(401);
      const refused = await attempt(ip);
      expect(expectApiError(refused, 429).message).toBe(httpMessages.tooManyRequests);
      expect(refused.headers['retry-after']).toBeDefined();

      // Another client is not affected.
      expect((await attempt('192.0.2.78')).statusCode).toBe(401);

      for (let i = 0; i < 3; i += 1) {
        await limited.inject({ method: 'POST', url: '/register', payload: {}, remoteAddress: ip });
      }
      const registerRefused = await limited.inject({ method: 'POST', url: '/register', payload: {}, remoteAddress: ip });
      expect(expectApiError(registerRefused, 429).message).toBe(httpMessages.tooManyRequests);
    });
  });
});
