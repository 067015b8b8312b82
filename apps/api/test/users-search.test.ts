import type { UserSummary } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee, uniqueTag } from './helpers/factories.js';

describeEachEngine('finding users for Create Obligations', (engine) => {
  // A database of its own with only these accounts, so the label panel's answer is known exactly.
  const ctx = useTestApp(engine);
  let employee: CreatedUser;
  let admin: CreatedUser;
  const citizens = ['anowak', 'ANDRZEJ77', 'Anna_K', 'annaxk', 'bkowalska', 'Kowalczyk', 'pzielinski', 'żaneta.w', 'x'];

  beforeAll(async () => {
    employee = await createEmployee(ctx.app, { username: 'jkowalski' });
    admin = await createAdmin(ctx.app, { username: 'Qadmin' });
    for (const username of citizens) await createCitizen(ctx.app, { username });
  });

  const get = async (url: string, who: CreatedUser = employee) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  // The search's mechanics, seen by an admin, who finds every role (an employee finds citizens only).
  const usernames = async (url: string) => {
    const response = await get(url, admin);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as UserSummary[]).map((user) => user.username);
  };

  it('keeps the spec form: without parameters every account the caller may find, with the fields the page reads', async () => {
    const response = await get('/api/users', admin);
    const all = response.json() as UserSummary[];
    expect(all.map((user) => user.username).sort()).toEqual([...citizens, 'jkowalski', 'Qadmin'].sort());
    expect(Object.keys(all[0] ?? {}).sort()).toEqual(['firstName', 'id', 'lastName', 'role', 'username']);
    // An employee finds citizens only (issue 17).
    expect(((await get('/api/users')).json() as UserSummary[]).map((user) => user.username).sort()).toEqual([...citizens].sort());
  });

  it('searches a case-insensitive substring of the username, in username order ignoring case', async () => {
    expect(await usernames('/api/users?q=KOWAL')).toEqual(['bkowalska', 'jkowalski', 'Kowalczyk']);
    expect(await usernames('/api/users?q=kowal&role=USER')).toEqual(['bkowalska', 'Kowalczyk']);
    expect(await usernames('/api/users?q=ANNA')).toEqual(['Anna_K', 'annaxk']);
    expect(await usernames('/api/users?q=%C5%BBANETA')).toEqual(['żaneta.w']); // ŻANETA
    expect(await usernames('/api/users?q=nobody-has-this')).toEqual([]);
  });

  it('finds the same users whether a search reads the suffix index or walks the usernames', async () => {
    const walking = createUsersRepository(ctx.app.db, { sparseMatches: 0 });
    const reading = createUsersRepository(ctx.app.db, { sparseMatches: 1_000_000 });
    for (const [q, expected] of [
      ['kowal', ['bkowalska', 'jkowalski', 'Kowalczyk']],
      ['A', ['ANDRZEJ77', 'Anna_K', 'annaxk', 'anowak', 'bkowalska', 'jkowalski', 'Kowalczyk', 'żaneta.w']],
      ['a_k', ['Anna_K']],
      ['ŻAN', ['żaneta.w']],
      ['zz', []],
    ] as const) {
      for (const repository of [walking, reading]) {
        const page = await repository.search({ q, limit: 50 });
        expect(page.map((user) => user.username).filter((name) => citizens.includes(name) || name === 'jkowalski'), q).toEqual(expected);
      }
    }
    // "Anna_K" has two suffixes that start with "n": still one user, and the page still full.
    for (const repository of [walking, reading]) {
      const page = await repository.search({ q: 'N', role: 'USER', limit: 3 });
      expect(page.map((user) => user.username)).toEqual(['ANDRZEJ77', 'Anna_K', 'annaxk']);
    }
    const second = await reading.search({ q: 'a', role: 'USER', after: 'anowak', limit: 2 });
    expect(second.map((user) => user.username)).toEqual(['bkowalska', 'Kowalczyk']);
    const secondWalking = await walking.search({ q: 'a', role: 'USER', after: 'anowak', limit: 2 });
    expect(secondWalking.map((user) => user.username)).toEqual(['bkowalska', 'Kowalczyk']);
  });

  it('keeps, for every text of up to six characters, how many suffix rows start with it', async () => {
    // Recounted from the suffix rows themselves: what each registration added must match them.
    const recount = new Map<string, number>();
    for (const { suffix } of await ctx.app.db.selectFrom('username_suffixes').select('suffix').execute()) {
      const chars = [...suffix];
      for (let length = 1; length <= Math.min(6, chars.length); length += 1) {
        const text = chars.slice(0, length).join('');
        recount.set(text, (recount.get(text) ?? 0) + 1);
      }
    }
    const kept = await ctx.app.db.selectFrom('username_text_counts').select(['text', 'n']).execute();
    expect(new Map(kept.map((row) => [row.text, Number(row.n)]))).toEqual(recount);
    expect(recount.get('kowal')).toBe(3); // bkowalska, jkowalski, kowalczyk
  });

  it('takes % and _ in a search literally', async () => {
    expect(await usernames('/api/users?q=a_k')).toEqual(['Anna_K']);
    expect(await usernames('/api/users?q=%25')).toEqual([]);
  });

  it('lists the users of a label by prefix, ignoring case', async () => {
    expect(await usernames('/api/users?prefix=AN&role=USER')).toEqual(['ANDRZEJ77', 'Anna_K', 'annaxk', 'anowak']);
    expect(await usernames('/api/users?prefix=ko')).toEqual(['Kowalczyk']);
    expect(await usernames('/api/users?prefix=%C5%BBA')).toEqual(['żaneta.w']);
  });

  it('pages with limit and after (the lower-cased username that ended the last page)', async () => {
    const first = await usernames('/api/users?role=USER&limit=4');
    expect(first).toEqual(['ANDRZEJ77', 'Anna_K', 'annaxk', 'anowak']);
    const second = await usernames('/api/users?role=USER&limit=4&after=anowak');
    expect(second).toEqual(['bkowalska', 'Kowalczyk', 'pzielinski', 'x']);
    expect(await usernames('/api/users?role=USER&limit=4&after=x')).toEqual(['żaneta.w']);
  });

  it('answers a page of 50 by default when searching, never everyone', async () => {
    const tag = uniqueTag();
    for (let i = 0; i < 55; i += 1) await createCitizen(ctx.app, { username: `pg${tag}${String(i).padStart(2, '0')}` });
    const page = await usernames(`/api/users?prefix=pg${tag}`);
    expect(page).toHaveLength(50);
    expect(page[0]).toBe(`pg${tag}00`);
    expect(await usernames(`/api/users?prefix=pg${tag}&limit=100`)).toHaveLength(55);
  });

  it('refuses a limit above 100, an unknown role and callers who are not staff', async () => {
    expectApiError(await get('/api/users?limit=101'), 400);
    expectApiError(await get('/api/users?limit=0'), 400);
    expectApiError(await get('/api/users?role=GUEST'), 400);
    const citizen = await createCitizen(ctx.app);
    expectApiError(await get('/api/users?q=a', citizen), 403);
    expectApiError(await get('/api/users/labels', citizen), 403);
    expectApiError(await ctx.app.inject({ method: 'GET', url: '/api/users/labels' }), 401);
  });

  describe('GET /api/users/labels', () => {
    it('answers the distinct first two letters in upper case, sorted, for one role or everyone', async () => {
      const citizensOnly = (await get('/api/users/labels?role=USER')).json() as string[];
      // The citizens of this file, plus PG (the paging test) and U* of factory-made citizens.
      expect(citizensOnly.filter((label) => !label.startsWith('U') && label !== 'PG')).toEqual(['AN', 'BK', 'KO', 'PZ', 'X', 'ŻA']);
      const staff = (await get('/api/users/labels?role=EMPLOYEE', admin)).json();
      expect(staff).toEqual(['JK']);
      const everyone = (await get('/api/users/labels', admin)).json() as string[];
      expect(everyone).toEqual(expect.arrayContaining(['AN', 'JK', 'QA', 'ŻA']));
      expect(everyone).toEqual([...new Set(everyone)].sort());
    });
  });
});
