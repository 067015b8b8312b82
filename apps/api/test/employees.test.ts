import { authMessages, employeeApiMessages, employeeMessages, type RegisterEmployeeRequest, todayIsoDate, userApiMessages, userMessages, usernameMessages, type UserResponse } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor, countAuditRows } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, countUsers, createAdmin, createCitizen, createEmployee, findUserRow, newRegistration } from './helpers/factories.js';
import { call, takenConversation } from './helpers/letters.js';

/** A registration the admin form accepts; override any field. */
const employeeBody = (overrides: Partial<RegisterEmployeeRequest> = {}): RegisterEmployeeRequest =>
  newRegistration({ password: 'Urzad2025', ...overrides });

const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return todayIsoDate(d);
};

describeEachEngine('POST /register/employee', (engine) => {
  const ctx = useTestApp(engine);
  let admin: CreatedUser;
  const register = (payload: unknown, who: CreatedUser = admin) => call(ctx.app, who, 'POST', '/register/employee', payload as object);
  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  });

  it('takes an employee\'s phone number as typed (+48, spaces) and stores the nine digits (issue 35)', async () => {
    const response = await register(employeeBody({ phoneNumber: '+48 603-456-789' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<UserResponse>().phoneNumber).toBe('603456789');
  });

  it('creates an active EMPLOYEE who can log in, answers 201 with the account, and records it once', async () => {
    const body = employeeBody({ firstName: 'Ewa', lastName: 'Kowalczyk', email: 'Ewa.Kowalczyk@Urzad.example.pl' });
    const response = await register({ ...body, role: 'ADMIN', enabled: false });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<UserResponse>();
    expect(created).toMatchObject({
      username: body.username,
      email: 'ewa.kowalczyk@urzad.example.pl',
      firstName: 'Ewa',
      lastName: 'Kowalczyk',
      phoneNumber: body.phoneNumber,
      dateOfBirth: body.dateOfBirth,
      role: 'EMPLOYEE',
      enabled: true,
    });
    expect(response.body).not.toMatch(/password/i);

    const login = await ctx.app.inject({ method: 'POST', url: '/login', payload: { username: body.username, password: body.password } });
    expect(login.statusCode).toBe(200);

    const rows = await auditRowsFor(ctx.app, 'user', created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.user.id,
      action: 'employee.register',
      before: null,
      after: {
        username: body.username,
        email: 'ewa.kowalczyk@urzad.example.pl',
        firstName: 'Ewa',
        lastName: 'Kowalczyk',
        role: 'EMPLOYEE',
        phoneNumber: body.phoneNumber,
        dateOfBirth: body.dateOfBirth,
        enabled: true,
      },
    });
    expect(rows[0]?.after_json).not.toMatch(/password|argon/i);
  });

  // Each field on both sides of its boundary: the admin form's messages (spec section 5).
  const refused: [keyof RegisterEmployeeRequest, unknown, string][] = [
    ['username', '', employeeMessages.usernameRequired],
    ['username', undefined, employeeMessages.usernameRequired],
    ['username', 'u'.repeat(21), authMessages.usernameTooLong],
    ['email', '', employeeMessages.emailInvalid],
    ['email', 'ewa@urzad', employeeMessages.emailInvalid],
    ['email', 42, employeeMessages.emailInvalid],
    ['password', '', employeeMessages.passwordTooShort],
    ['password', 'Urzad20', employeeMessages.passwordTooShort],
    ['password', `U1${'x'.repeat(49)}`, authMessages.passwordTooLong],
    ['password', 'Urzadowe', authMessages.passwordLettersAndDigits],
    ['firstName', '', employeeMessages.firstNameRequired],
    ['firstName', '   ', employeeMessages.firstNameRequired],
    ['firstName', 'x'.repeat(31), userMessages.firstNameTooLong],
    ['lastName', '', employeeMessages.lastNameRequired],
    ['lastName', 'x'.repeat(31), userMessages.lastNameTooLong],
    ['phoneNumber', '', employeeMessages.phoneInvalid],
    ['phoneNumber', '60345678', employeeMessages.phoneInvalid],
    ['phoneNumber', '6034567890', employeeMessages.phoneInvalid],
    ['phoneNumber', '60345678x', employeeMessages.phoneInvalid],
    ['dateOfBirth', '', employeeMessages.dateOfBirthRequired],
    ['dateOfBirth', undefined, employeeMessages.dateOfBirthRequired],
    ['dateOfBirth', '1990-02-30', userMessages.dateOfBirthInvalid],
    ['dateOfBirth', tomorrow(), userMessages.dateOfBirthFuture],
  ];
  it.each(refused)('refuses %s = %j with 400 "%s", creating and recording nothing', async (field, value, message) => {
    const [users, audited] = [await countUsers(ctx.app), await countAuditRows(ctx.app)];
    const error = expectApiError(await register({ ...employeeBody(), [field]: value }), 400);
    expect(error.fields?.[field]).toBe(message);
    expect([await countUsers(ctx.app), await countAuditRows(ctx.app)]).toEqual([users, audited]);
  });

  const accepted: [keyof RegisterEmployeeRequest, (tag: string) => string][] = [
    ['username', (tag) => `e${tag}`.padEnd(20, 'x')],
    ['password', () => 'Urzad202'],
    ['password', () => `U1${'x'.repeat(48)}`],
    ['firstName', () => 'x'.repeat(30)],
    ['lastName', () => 'x'.repeat(30)],
    ['phoneNumber', () => '000000000'],
    ['dateOfBirth', () => todayIsoDate()],
  ];
  it.each(accepted)('accepts %s at its boundary', async (field, value) => {
    const body = employeeBody();
    const response = await register({ ...body, [field]: value(body.username.slice(1, 9)) });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers 409 for a taken username (ignoring case) or email, and records nothing', async () => {
    const { user } = await createCitizen(ctx.app);
    const audited = await countAuditRows(ctx.app);
    const byName = expectApiError(await register(employeeBody({ username: user.username.toUpperCase() })), 409);
    expect(byName.fields).toEqual({ username: userApiMessages.usernameTaken });
    const byEmail = expectApiError(await register(employeeBody({ email: user.email.toUpperCase() })), 409);
    expect(byEmail.fields).toEqual({ email: userApiMessages.emailTaken });
    expect(await countAuditRows(ctx.app)).toBe(audited);
  });

  it('applies the username rules of POST /register: spaces, invisible characters, look-alikes', async () => {
    const { user } = await createCitizen(ctx.app, { username: `adam${Date.now().toString(36).slice(-6)}` });
    const audited = await countAuditRows(ctx.app);
    const spaced = expectApiError(await register(employeeBody({ username: 'jan kowal' })), 400);
    expect(spaced.fields?.username).toBe(usernameMessages.spaces);
    const invisible = expectApiError(await register(employeeBody({ username: 'jan\u200bkowal' })), 400);
    expect(invisible.fields?.username).toBe(usernameMessages.invisible);
    // Cyrillic а in place of the Latin a of an existing username.
    const lookalike = expectApiError(await register(employeeBody({ username: user.username.replace('a', '\u0430') })), 409);
    expect(lookalike.fields?.username).toBe(usernameMessages.lookalike);
    expect(await countAuditRows(ctx.app)).toBe(audited);
  });

  it('is refused to employees and citizens, creating and recording nothing', async () => {
    const [employee, citizen] = await Promise.all([createEmployee(ctx.app), createCitizen(ctx.app)]);
    const body = employeeBody();
    const audited = await countAuditRows(ctx.app);
    expectApiError(await register(body, employee), 403);
    expectApiError(await register(body, citizen), 403);
    expectApiError(await ctx.app.inject({ method: 'POST', url: '/register/employee', payload: body }), 401);
    expect(await findUserRow(ctx.app, body.username)).toBeUndefined();
    expect(await countAuditRows(ctx.app)).toBe(audited);
  });
});

describeEachEngine('employee accounts: list, deactivate, activate', (engine) => {
  const ctx = useTestApp(engine);
  const put = (who: CreatedUser, what: 'activate' | 'deactivate', id: number | string) =>
    call(ctx.app, who, 'PUT', `/api/users/${what}/${id}`);

  it('lists every employee, active or not, and only employees', async () => {
    const admin = await createAdmin(ctx.app);
    const [active, inactive, citizen] = await Promise.all([
      createEmployee(ctx.app),
      createEmployee(ctx.app, { enabled: false }),
      createCitizen(ctx.app),
    ]);
    const response = await call(ctx.app, admin, 'GET', '/api/users/employees');
    expect(response.statusCode).toBe(200);
    const list = response.json<UserResponse[]>();
    expect(list.every((user) => user.role === 'EMPLOYEE')).toBe(true);
    const byId = new Map(list.map((user) => [user.id, user]));
    expect(byId.get(active.user.id)).toMatchObject({
      id: active.user.id,
      firstName: active.user.firstName,
      lastName: active.user.lastName,
      email: active.user.email,
      phoneNumber: active.user.phoneNumber,
      enabled: true,
    });
    expect(byId.get(inactive.user.id)).toMatchObject({ enabled: false });
    expect(byId.has(citizen.user.id)).toBe(false);
    expect(byId.has(admin.user.id)).toBe(false);
    expect(response.body).not.toMatch(/password/i);
  });

  it('deactivation: the answer carries enabled, the old token gets 401, login is refused, one audit row', async () => {
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app);
    expect((await call(ctx.app, employee, 'GET', '/api/users/me')).statusCode).toBe(200);

    const response = await put(admin, 'deactivate', employee.user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: employee.user.id, enabled: false });

    expectApiError(await call(ctx.app, employee, 'GET', '/api/users/me'), 401);
    expectApiError(await call(ctx.app, employee, 'GET', '/api/conversations?status=OPEN'), 401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: employee.user.username, password: employee.password },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.body).not.toContain('tokenJWT');

    const rows = await auditRowsFor(ctx.app, 'user', employee.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.user.id,
      action: 'employee.deactivate',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('activation brings the account back (login works) with one audit row; repeating a toggle changes and records nothing', async () => {
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app, { enabled: false });

    const again = await put(admin, 'deactivate', employee.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ enabled: false });
    expect(await auditRowsFor(ctx.app, 'user', employee.user.id)).toHaveLength(0);

    const response = await put(admin, 'activate', employee.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: employee.user.id, enabled: true });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: employee.user.username, password: employee.password },
    });
    expect(login.statusCode).toBe(200);

    expect((await put(admin, 'activate', employee.user.id)).json()).toMatchObject({ enabled: true });
    const rows = await auditRowsFor(ctx.app, 'user', employee.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.user.id, action: 'employee.activate', before: { enabled: false }, after: { enabled: true } });
  });

  it('a token from before a deactivation stays refused after the account is activated again; a new login works', async () => {
    const admin = await createAdmin(ctx.app);
    const employee = await createEmployee(ctx.app);
    expect((await put(admin, 'deactivate', employee.user.id)).statusCode).toBe(200);
    expect((await put(admin, 'activate', employee.user.id)).statusCode).toBe(200);
    expectApiError(await call(ctx.app, employee, 'GET', '/api/users/me'), 401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: employee.user.username, password: employee.password },
    });
    expect(login.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${login.json<{ tokenJWT: string }>().tokenJWT}` } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses to toggle a citizen, another admin or the caller with a clear 409, changing and recording nothing', async () => {
    const admin = await createAdmin(ctx.app);
    const [citizen, otherAdmin] = await Promise.all([createCitizen(ctx.app), createAdmin(ctx.app)]);
    const audited = await countAuditRows(ctx.app);
    for (const what of ['deactivate', 'activate'] as const) {
      expect(expectApiError(await put(admin, what, citizen.user.id), 409).message).toBe(employeeApiMessages.onlyEmployees);
      expect(expectApiError(await put(admin, what, otherAdmin.user.id), 409).message).toBe(employeeApiMessages.onlyEmployees);
      expect(expectApiError(await put(admin, what, admin.user.id), 409).message).toBe(employeeApiMessages.notYourself);
    }
    for (const who of [citizen, otherAdmin, admin]) {
      expect((await call(ctx.app, who, 'GET', '/api/users/me')).statusCode).toBe(200);
    }
    expect(await countAuditRows(ctx.app)).toBe(audited);
  });

  it('answers 404 for an unknown account and 400 for an id that is not one', async () => {
    const admin = await createAdmin(ctx.app);
    expectApiError(await put(admin, 'deactivate', 987_654), 404);
    expectApiError(await put(admin, 'activate', 'abc'), 400);
    expectApiError(await put(admin, 'activate', 0), 400);
  });

  it('employees and citizens cannot toggle anyone', async () => {
    const [employee, other, citizen] = await Promise.all([createEmployee(ctx.app), createEmployee(ctx.app), createCitizen(ctx.app)]);
    const audited = await countAuditRows(ctx.app);
    expectApiError(await put(employee, 'deactivate', other.user.id), 403);
    expectApiError(await put(citizen, 'deactivate', other.user.id), 403);
    expectApiError(await ctx.app.inject({ method: 'PUT', url: `/api/users/deactivate/${other.user.id}` }), 401);
    expect((await call(ctx.app, other, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect(await countAuditRows(ctx.app)).toBe(audited);
  });

  describe('conversations a deactivated employee holds', () => {
    it('stay readable by admins', async () => {
      const [admin, citizen, employee] = await Promise.all([createAdmin(ctx.app), createCitizen(ctx.app), createEmployee(ctx.app)]);
      const conversation = await takenConversation(ctx.app, citizen, employee);
      expect((await put(admin, 'deactivate', employee.user.id)).statusCode).toBe(200);

      const held = await call(ctx.app, admin, 'GET', `/api/conversations?status=IN_PROGRESS&employeeId=${employee.user.id}`);
      expect(held.statusCode).toBe(200);
      expect(held.json<{ id: number }[]>().map((c) => c.id)).toContain(conversation.id);
      expect((await call(ctx.app, admin, 'GET', `/api/conversations/${conversation.id}/messages`)).statusCode).toBe(200);
      expect((await call(ctx.app, citizen, 'GET', `/api/conversations/${conversation.id}/messages`)).statusCode).toBe(200);
    });
  });
});
