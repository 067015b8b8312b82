import { Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { describeEachEngine, type TestDatabase } from './helpers/engines.js';

// Accounts that exist before migration 0005 become findable: lower-cased username, suffixes, labels,
// and (0008) the role and lower-cased username on each suffix row.
describeEachEngine('migration 0005 on a database with accounts', (engine) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDatabase = await engine.create();
    handle = createDatabase(testDatabase.config);
    const { error } = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('0004-create-audit-log');
    if (error) throw error;
    const old = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [username, role] of [['ANowak', 'USER'], ['Żaneta', 'USER'], ['jkowalski', 'EMPLOYEE']] as const) {
      await old
        .insertInto('users')
        .values({
          username,
          email: `${username.toLowerCase()}@example.org`,
          password_hash: 'x',
          first_name: 'A',
          last_name: 'B',
          role,
          phone_number: '501234567',
          date_of_birth: '1990-01-01',
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    await migrateToLatest(handle.db);
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDatabase?.drop();
  });

  it('fills in what search and the label panel read', async () => {
    const users = createUsersRepository(handle.db);
    expect(await users.labels('USER')).toEqual(['AN', 'ŻA']);
    expect(await users.labels('EMPLOYEE')).toEqual(['JK']);
    expect((await users.search({ q: 'NOW', limit: 10 })).map((user) => user.username)).toEqual(['ANowak']);
    expect((await users.search({ q: 'ane', limit: 10 })).map((user) => user.username)).toEqual(['Żaneta']);
    expect((await users.search({ prefix: 'żA', limit: 10 })).map((user) => user.username)).toEqual(['Żaneta']);
    expect((await users.search({ q: 'K', role: 'EMPLOYEE', limit: 10 })).map((user) => user.username)).toEqual(['jkowalski']);
    expect((await users.search({ q: 'K', role: 'USER', limit: 10 })).map((user) => user.username)).toEqual(['ANowak']);
    expect((await users.search({ q: 'a', role: 'USER', after: 'anowak', limit: 10 })).map((user) => user.username)).toEqual(['Żaneta']);
    const lower = await handle.db.selectFrom('users').select('username_lower').orderBy('username_lower').execute();
    expect(lower.map((row) => row.username_lower)).toEqual(['anowak', 'jkowalski', 'żaneta']);
    // 0008: how many suffix rows start with each short text ("a": anowak, ak, aneta, a, alski).
    const counts = await handle.db.selectFrom('username_text_counts').select(['text', 'n']).where('text', 'in', ['a', 'ow', 'ż', 'kowal', 'owalsk']).orderBy('text').execute();
    expect(counts.map((row) => [row.text, Number(row.n)])).toEqual([['a', 5], ['kowal', 1], ['ow', 2], ['owalsk', 1], ['ż', 1]]);
    expect(await handle.db.selectFrom('username_text_counts').select('text').where('text', '=', 'owalski').executeTakeFirst()).toBeUndefined();
    const suffixes = await sql<{ n: number | string }>`select count(*) as n from username_suffixes`.execute(handle.db);
    expect(Number(suffixes.rows[0]?.n)).toBe('anowak'.length + 'żaneta'.length + 'jkowalski'.length);
  });
});
