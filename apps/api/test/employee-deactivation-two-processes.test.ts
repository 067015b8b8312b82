import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { type ApiProcess, startSecondProcess } from './helpers/api-process.js';
import { engines } from './helpers/engines.js';
import { createAdmin, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';

const postgres = engines.find((engine) => engine.name === 'postgres');
if (!postgres) throw new Error('the postgres test engine is missing');

// Only PostgreSQL can join processes; SQLite runs one process by design.
describe.skipIf(!postgres.available)('a deactivated employee on another API process [postgres]', () => {
  const ctx = useTestApp(postgres);
  let processB: ApiProcess | undefined;

  beforeAll(async () => {
    processB = await startSecondProcess(ctx);
  }, 90_000);
  afterAll(async () => {
    await processB?.stop();
  });

  it('is refused (401) on their next request to process B once an admin deactivated them through process A', async () => {
    const [admin, employee] = await Promise.all([createAdmin(ctx.app), createEmployee(ctx.app)]);
    const onB = (path: string) => fetch(`${processB?.baseUrl}${path}`, { headers: employee.headers });

    // Process B knows the token and has already served it (it remembers verified tokens).
    expect((await onB('/api/users/me')).status).toBe(200);
    expect((await onB('/api/conversations?status=OPEN')).status).toBe(200);

    const deactivated = await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${employee.user.id}`);
    expect(deactivated.statusCode).toBe(200);

    expect((await onB('/api/users/me')).status).toBe(401);
    expect((await onB('/api/conversations?status=OPEN')).status).toBe(401);
    const login = await fetch(`${processB?.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: employee.user.username, password: employee.password }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(await login.text()).not.toContain('tokenJWT');
  });
});
