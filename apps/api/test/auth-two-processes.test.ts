import { authApiMessages } from '@portal/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { useTestApp } from './helpers/app.js';
import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { engines } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';

const postgres = engines.find((engine) => engine.name === 'postgres');
if (!postgres) throw new Error('the postgres test engine is missing');

// Only PostgreSQL serves several API processes at once; SQLite runs one process by design.
describe.skipIf(!postgres.available)('sign-in guards across two API processes on one PostgreSQL database [postgres]', () => {
  // A: this process, trusting X-Forwarded-For like B below, so one machine can play several clients.
  const ctx = useTestApp(postgres, { trustProxy: true });
  let processB: ApiProcess | undefined;
  let baseUrlA = '';

  const env = () => {
    if (ctx.config.database.engine !== 'postgres') throw new Error('expected PostgreSQL');
    // No JWT_SECRET: both processes read the session key A generated beside the suite's audit key.
    return {
      DATABASE_URL: ctx.config.database.url,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      AUDIT_HMAC_KEY_FILE: ctx.config.audit.keyFile,
      AUDIT_CHECKPOINT_FILE: ctx.config.audit.checkpointFile,
    };
  };
  const loginAt = (baseUrl: string, username: string, password: string, forwardedFor: string) =>
    fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ username, password }),
    });
  const me = (baseUrl: string, token: string) => fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrlA = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    processB = await startApiProcess({ ...env(), TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await processB?.stop();
  });

  it('counts failures through A on B, and a restarted B still refuses', async () => {
    const b = processB;
    if (!b) throw new Error('process B did not start');
    const citizen = await createCitizen(ctx.app);
    const address = '198.18.7.7';
    for (let i = 0; i < 5; i += 1) expect((await loginAt(baseUrlA, citizen.user.username, 'Wrong1234', address)).status).toBe(401);
    const onB = await loginAt(b.baseUrl, citizen.user.username, citizen.password, address);
    expect(onB.status).toBe(429);
    expect(((await onB.json()) as { message: string }).message).toBe(authApiMessages.accountLocked);

    await b.stop();
    const restarted = await startApiProcess({ ...env(), TRUST_PROXY: 'true' });
    processB = restarted;
    expect((await loginAt(restarted.baseUrl, citizen.user.username, citizen.password, address)).status).toBe(429);
    // The owner elsewhere gets in, through either process.
    expect((await loginAt(restarted.baseUrl, citizen.user.username, citizen.password, '198.18.7.8')).status).toBe(200);
  });

  it('refuses on B a token logged out through A, and every token of an account deactivated through A', async () => {
    const b = processB;
    if (!b) throw new Error('process B did not start');
    const citizen = await createCitizen(ctx.app);
    const login = await loginAt(b.baseUrl, citizen.user.username, citizen.password, '198.18.8.1');
    const second = ((await login.json()) as { tokenJWT: string }).tokenJWT;
    // A token B issued works on A: one key for both, from the database.
    expect((await me(baseUrlA, second)).status).toBe(200);
    expect((await me(b.baseUrl, citizen.token)).status).toBe(200);

    const logout = await fetch(`${baseUrlA}/logout`, { method: 'POST', headers: citizen.headers });
    expect(logout.status).toBe(204);
    expect((await me(b.baseUrl, citizen.token)).status).toBe(401);
    expect((await me(b.baseUrl, second)).status).toBe(200);

    const users = createUsersRepository(ctx.app.db);
    await users.setEnabled(citizen.user.id, false);
    expect((await me(b.baseUrl, second)).status).toBe(401);
    await users.setEnabled(citizen.user.id, true);
    expect((await me(b.baseUrl, second)).status).toBe(401);
  });
});
