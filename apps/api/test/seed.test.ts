import { expect, it } from 'vitest';
import { runSeed, type SeedStep } from '../src/db/seed.js';
import { INACTIVE_DEMO_EMPLOYEE } from '../src/modules/employees/index.js';
import { DEMO_ACCOUNTS, demoLogins } from '../src/modules/users/seed.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createAdmin, uniqueTag } from './helpers/factories.js';

const quietLog = { info: () => undefined, warn: () => undefined };

describeEachEngine('first admin and demo seed', (engine) => {
  // The suite's own server seeds nothing; each test seeds the shared database explicitly.
  const ctx = useTestApp(engine);
  const login = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password } });

  it('creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL when no admin exists', async () => {
    const username = `boss${uniqueTag()}`.slice(0, 20);
    const admin = { username, password: 'FirstAdmin1', email: `${username}@Example.org` };
    await ctx.build({ firstAdmin: admin });
    const response = await login(username, 'FirstAdmin1');
    expect(response.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${response.json().tokenJWT}` } });
    expect(me.json()).toMatchObject({ username, role: 'ADMIN', enabled: true, email: admin.email.toLowerCase() });

    // Once an admin exists, another ADMIN_USERNAME creates nothing.
    const second = `late${uniqueTag()}`.slice(0, 20);
    await ctx.build({ firstAdmin: { username: second, password: 'FirstAdmin1', email: `${second}@example.org` } });
    expect((await login(second, 'FirstAdmin1')).statusCode).toBe(401);
  });

  it('seeds the demo accounts once: a second start changes nothing, and each demo login works', async () => {
    const before = await ctx.app.db.selectFrom('users').select(['id', 'username', 'password_hash']).execute();
    await ctx.build({ seedDemo: true });
    const afterFirst = await ctx.app.db.selectFrom('users').select(['id', 'username', 'password_hash']).orderBy('id').execute();
    // The letters module's step ran after the users module's: its letters exist after one start.
    const conversationsAfterFirst = await ctx.app.db.selectFrom('conversations').select('id').execute();
    expect(conversationsAfterFirst).toHaveLength(3);
    // ... and the admins' dashboard counts them: the performance module's rows of each (its own step, after theirs).
    const counted = await ctx.app.db.selectFrom('performance_samples').select('matter_id').where('matter', '=', 'letter').where('kind', '=', 'received').execute();
    expect(counted.map((row) => Number(row.matter_id)).sort()).toEqual(conversationsAfterFirst.map((row) => Number(row.id)).sort());
    await ctx.build({ seedDemo: true });
    const afterSecond = await ctx.app.db.selectFrom('users').select(['id', 'username', 'password_hash']).orderBy('id').execute();

    expect(afterSecond).toEqual(afterFirst);
    const added = afterFirst.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.username);
    // The demo logins, and the employees module's inactive employee (both badges in the admin's table).
    expect(added.sort()).toEqual([...DEMO_ACCOUNTS.map((account) => account.username), INACTIVE_DEMO_EMPLOYEE.username].sort());
    const inactive = await ctx.app.db.selectFrom('users').select(['role', 'enabled']).where('username', '=', INACTIVE_DEMO_EMPLOYEE.username).executeTakeFirst();
    expect(inactive).toEqual({ role: 'EMPLOYEE', enabled: 0 });
    expect([401, 403]).toContain((await login(INACTIVE_DEMO_EMPLOYEE.username, INACTIVE_DEMO_EMPLOYEE.password)).statusCode);
    expect(demoLogins().map((d) => d.username)).not.toContain(INACTIVE_DEMO_EMPLOYEE.username);

    for (const { username, password, role } of demoLogins()) {
      const response = await login(username, password);
      expect(response.statusCode, username).toBe(200);
      const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${response.json().tokenJWT}` } });
      expect(me.json().role).toBe(role);
    }
    expect(demoLogins().map((d) => d.role).sort()).toEqual(['ADMIN', 'EMPLOYEE', 'EMPLOYEE', 'USER', 'USER']);

    // The demo letters, seeded once as well: one conversation in each state.
    const conversations = await ctx.app.db
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.username', 'c.status'])
      .orderBy('c.id')
      .execute();
    expect(conversations).toEqual([
      { username: 'pzielinski', status: 'OPEN' },
      { username: 'anowak', status: 'IN_PROGRESS' },
      { username: 'anowak', status: 'RESOLVED' },
    ]);
  });

  it('runs seed steps in order and skips disabled ones', async () => {
    const ran: string[] = [];
    const step = (name: string, enabled: boolean): SeedStep => ({
      name,
      enabled: () => enabled,
      run: async (seedCtx) => {
        const admins = await seedCtx.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
        ran.push(`${name}:${admins.length > 0 ? 'admin' : 'none'}`);
      },
    });
    await createAdmin(ctx.app);
    await runSeed({ db: ctx.app.db, config: { ...ctx.config, seedDemo: false }, log: quietLog }, [step('a', true), step('b', false), step('c', true)]);
    expect(ran).toEqual(['a:admin', 'c:admin']);
  });
});
