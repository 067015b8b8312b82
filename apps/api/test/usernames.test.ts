import { authMessages, userApiMessages, usernameMessages } from '@portal/contract';
import { type Kysely, Migrator } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { createUsersService } from '../src/modules/users/service.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { countUsers, createAdmin, createEmployee, findUserRow, newRegistration, uniqueTag } from './helpers/factories.js';

describeEachEngine('usernames that look like another, or like nothing', (engine) => {
  const ctx = useTestApp(engine);
  const register = (overrides: Parameters<typeof newRegistration>[0]) =>
    ctx.app.inject({ method: 'POST', url: '/register', payload: newRegistration(overrides) });

  beforeAll(async () => {
    // The names the attack imitated: the seeded admin and an employee.
    await createAdmin(ctx.app, { username: 'admin' });
    await createEmployee(ctx.app, { username: 'jkowalski' });
  });

  it.each([
    ['blank', '   ', authMessages.usernameRequired],
    ['a zero-width space', 'admin\u200b', usernameMessages.invisible],
    ['a trailing space', 'admin ', usernameMessages.surroundingSpace],
    ['a leading space', ' admin', usernameMessages.surroundingSpace],
    ['a right-to-left override', 'jkowalski\u202e', usernameMessages.invisible],
    ['a lone surrogate', '\ud800', usernameMessages.invalidText],
  ])('refuses %s with a 400 and the message under username, writing nothing', async (_name, username, message) => {
    const before = await countUsers(ctx.app);
    const error = expectApiError(await register({ username }), 400);
    expect(error.fields?.username).toBe(message);
    expect(await countUsers(ctx.app)).toBe(before);
  });

  it.each([
    ['Cyrillic а', '\u0430dmin'],
    ['Greek capital alpha', '\u0391DMIN'],
    ['rn for m', 'adrnin'],
    ['Latin alpha', '\u0251dmin'],
  ])('refuses a look-alike of an existing username (%s) with 409 under username', async (_name, username) => {
    const before = await countUsers(ctx.app);
    const error = expectApiError(await register({ username }), 409);
    expect(error.fields).toEqual({ username: usernameMessages.lookalike });
    expect(await countUsers(ctx.app)).toBe(before);
  });

  it.each(['ADMIN', 'Admin', 'ａｄｍｉｎ'])('still refuses %s as the same username', async (username) => {
    const error = expectApiError(await register({ username }), 409);
    expect(error.fields).toEqual({ username: userApiMessages.usernameTaken });
  });

  it('stores the NFKC form, so the same text logs in', async () => {
    const tag = uniqueTag();
    const fullWidth = [...`w${tag}`].map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).join('');
    const response = await register({ username: fullWidth, password: 'Secret123' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await findUserRow(ctx.app, `w${tag}`)).toBeDefined();
    const login = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: fullWidth, password: 'Secret123' } });
    expect(login.statusCode).toBe(200);
  });

  it('normalizes emails (trimmed, NFKC, lower case): one mailbox is one account', async () => {
    const tag = uniqueTag();
    const first = await register({ email: `  Ｍaria.${tag}@Example.ORG ` });
    expect(first.statusCode, first.body).toBe(201);
    const rows = await ctx.app.db.selectFrom('users').select('email').where('email', '=', `maria.${tag}@example.org`).execute();
    expect(rows).toHaveLength(1);
    const again = expectApiError(await register({ email: `MARIA.${tag}@example.org` }), 409);
    expect(again.fields).toEqual({ email: userApiMessages.emailTaken });
  });

  it('lets only one of two look-alikes registered at the same moment in', async () => {
    const tag = uniqueTag();
    const answers = await Promise.all([register({ username: `pa${tag}` }), register({ username: `p\u0430${tag}` })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json<{ fields: Record<string, string> }>().fields.username).toBe(usernameMessages.lookalike);
  });

  it('applies to every account the users service creates (employee registration too)', async () => {
    const users = createUsersService(createUsersRepository(ctx.app.db));
    const error = await users.createAccount(newRegistration({ username: 'jk\u043ewalski' }), 'EMPLOYEE').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 409, fields: { username: usernameMessages.lookalike } });
  });
});

describeEachEngine('migration 0003 on a database that already has users', (engine) => {
  it('gives existing accounts their skeleton; of two existing look-alikes the older keeps it', async () => {
    const database = await engine.create();
    const handle = createDatabase(database.config);
    try {
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0002-create-letters')).error).toBeUndefined();
      const row = (username: string, email: string) => ({
        username,
        email,
        password_hash: 'x',
        first_name: 'A',
        last_name: 'B',
        role: 'USER',
        phone_number: '501234567',
        date_of_birth: '1990-01-01',
        created_at: new Date().toISOString(),
      });
      const early = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await early.insertInto('users').values([row('admin', 'a@example.org'), row('\u0430dmin', 'b@example.org'), row('anowak', 'c@example.org')]).execute();

      await migrateToLatest(handle.db);
      const users = await handle.db.selectFrom('users').select(['username', 'username_skeleton', 'token_generation']).orderBy('id').execute();
      expect(users).toEqual([
        { username: 'admin', username_skeleton: 'adrnin', token_generation: 0 },
        { username: '\u0430dmin', username_skeleton: null, token_generation: 0 },
        { username: 'anowak', username_skeleton: 'anowak', token_generation: 0 },
      ]);
      const service = createUsersService(createUsersRepository(handle.db));
      await expect(service.createAccount(newRegistration({ username: 'adm\u0456n' }), 'USER')).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      await handle.destroy();
      await database.drop();
    }
  });
});
