import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';

// Issue 17 section 4: staff find accounts by name, and nobody but the owner (and, for employees,
// the admin's employee list) reads an account's email, phone or date of birth.
describeEachEngine('personal data in the user lists', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    citizen = await createCitizen(ctx.app, { username: 'pdcitizen', firstName: 'Anna', lastName: 'Nowak' });
    employee = await createEmployee(ctx.app, { username: 'pdemployee', firstName: 'Jan', lastName: 'Kowalski' });
    admin = await createAdmin(ctx.app, { username: 'pdadmin', firstName: 'Ewa', lastName: 'Zielińska' });
  });

  const get = async (url: string, who: CreatedUser) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>[];
  };
  const usernames = (rows: Record<string, unknown>[]) => rows.map((row) => row.username).sort();

  it('gives an employee only citizens, each with id, username, names and role', async () => {
    expect(await get('/api/users', employee)).toEqual([
      { id: citizen.user.id, username: 'pdcitizen', firstName: 'Anna', lastName: 'Nowak', role: 'USER' },
    ]);
    expect(await get('/api/users?q=pd', employee)).toEqual([
      { id: citizen.user.id, username: 'pdcitizen', firstName: 'Anna', lastName: 'Nowak', role: 'USER' },
    ]);
    expect(usernames(await get('/api/users?prefix=pd&limit=10', employee))).toEqual(['pdcitizen']);
  });

  it('finds no staff account for an employee who asks for one by role', async () => {
    expect(await get('/api/users?role=ADMIN', employee)).toEqual([]);
    expect(await get('/api/users?q=pdadmin&role=EMPLOYEE', employee)).toEqual([]);
    expect(await get('/api/users/labels?role=ADMIN', employee)).toEqual([]);
    expect(await get('/api/users/labels', employee)).toEqual(['PD']);
  });

  it('lets an admin find staff accounts too, with the same few fields', async () => {
    const all = await get('/api/users', admin);
    expect(usernames(all)).toEqual(['pdadmin', 'pdcitizen', 'pdemployee']);
    expect(all.find((row) => row.username === 'pdadmin')).toEqual({
      id: admin.user.id,
      username: 'pdadmin',
      firstName: 'Ewa',
      lastName: 'Zielińska',
      role: 'ADMIN',
    });
    expect(usernames(await get('/api/users?role=EMPLOYEE', admin))).toEqual(['pdemployee']);
    for (const row of [...all, ...(await get('/api/users?q=pd', admin))]) {
      expect(Object.keys(row).sort()).toEqual(['firstName', 'id', 'lastName', 'role', 'username']);
    }
  });

  it('keeps the full record for its owner and for the admin employee list', async () => {
    for (const who of [citizen, employee, admin]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: who.headers });
      expect(me.json()).toEqual(who.user);
    }
    const employees = await get('/api/users/employees', admin);
    expect(employees).toEqual([employee.user]);
    expect(employees[0]).toMatchObject({ email: employee.user.email, phoneNumber: '501234567' });
  });
});
