import { authMessages, userApiMessages } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { countUsers, createCitizen, findUserRow, newRegistration } from './helpers/factories.js';

describeEachEngine('POST /register', (engine) => {
  const ctx = useTestApp(engine);

  it('creates a citizen, answers 201 with a token that works for GET /api/users/me', async () => {
    const body = newRegistration({ firstName: 'Agnieszka', email: 'Agnieszka.Mixed@Example.org' });
    const response = await ctx.app.inject({ method: 'POST', url: '/register', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const { tokenJWT } = response.json<{ tokenJWT: string }>();

    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${tokenJWT}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: body.username,
      email: 'agnieszka.mixed@example.org',
      firstName: 'Agnieszka',
      role: 'USER',
      enabled: true,
      dateOfBirth: body.dateOfBirth,
      phoneNumber: body.phoneNumber,
    });
    expect(me.json()).not.toHaveProperty('passwordHash');
    expect(me.json()).not.toHaveProperty('password_hash');
  });

  it.each(['+48 501 234 567', '501-234-567', '501 234 567'])('takes the phone number %j as people type it and stores the nine digits (issue 35)', async (typed) => {
    const body = newRegistration({ phoneNumber: typed });
    const response = await ctx.app.inject({ method: 'POST', url: '/register', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${response.json<{ tokenJWT: string }>().tokenJWT}` } });
    expect(me.json<{ phoneNumber: string }>().phoneNumber).toBe('501234567');
    expect((await findUserRow(ctx.app, body.username))?.phone_number).toBe('501234567');
  });

  it('refuses a phone number that is not nine digits once spaces, hyphens and +48 are gone, with the spec message, and writes nothing', async () => {
    const before = await countUsers(ctx.app);
    const body = newRegistration({ phoneNumber: '+49 501 234 567' });
    const refused = expectApiError(await ctx.app.inject({ method: 'POST', url: '/register', payload: body }), 400);
    expect(refused.fields).toEqual({ phoneNumber: 'Phone number must be 9 digits' });
    expect(await countUsers(ctx.app)).toBe(before);
  });

  it('stores an argon2id hash, never the password', async () => {
    const body = newRegistration({ password: 'Plaintext987' });
    expect((await ctx.app.inject({ method: 'POST', url: '/register', payload: body })).statusCode).toBe(201);
    const row = await findUserRow(ctx.app, body.username);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain('Plaintext987');
  });

  it('ignores role and other extra fields: a body saying ADMIN still makes a USER', async () => {
    const body = { ...newRegistration(), role: 'ADMIN', enabled: false, id: 1 };
    const response = await ctx.app.inject({ method: 'POST', url: '/register', payload: body });
    expect(response.statusCode).toBe(201);
    const row = await findUserRow(ctx.app, body.username);
    expect(row).toMatchObject({ role: 'USER', enabled: 1 });
  });

  it('answers 409 with the username field when the username is taken (ignoring case)', async () => {
    const { user } = await createCitizen(ctx.app);
    const before = await countUsers(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/register',
      payload: newRegistration({ username: user.username.toUpperCase() }),
    });
    const error = expectApiError(response, 409);
    expect(error.message).toBe(userApiMessages.usernameTaken);
    expect(error.fields).toEqual({ username: userApiMessages.usernameTaken });
    expect(await countUsers(ctx.app)).toBe(before);
  });

  it('answers 409 with the email field when the email is taken (ignoring case)', async () => {
    const { user } = await createCitizen(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/register',
      payload: newRegistration({ email: user.email.toUpperCase() }),
    });
    const error = expectApiError(response, 409);
    expect(error.message).toBe(userApiMessages.emailTaken);
    expect(error.fields).toEqual({ email: userApiMessages.emailTaken });
  });

  it('keeps one account when the same registration arrives twice at once', async () => {
    const body = newRegistration();
    const answers = await Promise.all([1, 2].map(() => ctx.app.inject({ method: 'POST', url: '/register', payload: body })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.app.db.selectFrom('users').select('id').where('username', '=', body.username).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers each field rule with the spec message under that field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        username: 'x'.repeat(21),
        email: 'not-an-email',
        password: 'onlyletters',
        firstName: '',
        lastName: 'L'.repeat(31),
        phoneNumber: '12345',
        dateOfBirth: '2999-01-01',
      },
    });
    const error = expectApiError(response, 400);
    expect(error.fields).toEqual({
      username: authMessages.usernameTooLong,
      email: authMessages.emailInvalid,
      password: authMessages.passwordLettersAndDigits,
      firstName: authMessages.firstNameRequired,
      lastName: authMessages.lastNameTooLong,
      phoneNumber: authMessages.phoneInvalid,
      dateOfBirth: authMessages.dateOfBirthFuture,
    });
  });

  const valid = () => newRegistration();
  type Case = [name: string, request: () => { payload?: string | object; headers?: Record<string, string> }, status?: number];
  const malformed: Case[] = [
    ['empty body', () => ({})],
    ['empty JSON object', () => ({ payload: {} })],
    ['JSON null', () => ({ payload: 'null', headers: { 'content-type': 'application/json' } })],
    ['JSON array', () => ({ payload: [valid()] })],
    ['JSON string', () => ({ payload: '"register me"', headers: { 'content-type': 'application/json' } })],
    ['JSON number', () => ({ payload: '42', headers: { 'content-type': 'application/json' } })],
    ['truncated JSON', () => ({ payload: '{"username": "abc"', headers: { 'content-type': 'application/json' } })],
    ['not JSON at all', () => ({ payload: 'username=abc&password=abc12345', headers: { 'content-type': 'application/json' } })],
    ['form-encoded body', () => ({ payload: 'username=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415],
    ['text/plain body', () => ({ payload: JSON.stringify(valid()), headers: { 'content-type': 'text/plain' } }), 415],
    ['XML body', () => ({ payload: '<user/>', headers: { 'content-type': 'application/xml' } }), 415],
    ['missing username', () => ({ payload: { ...valid(), username: undefined } })],
    ['missing password', () => ({ payload: { ...valid(), password: undefined } })],
    ['missing email', () => ({ payload: { ...valid(), email: undefined } })],
    ['missing date of birth', () => ({ payload: { ...valid(), dateOfBirth: undefined } })],
    ['username null', () => ({ payload: { ...valid(), username: null } })],
    ['username a number', () => ({ payload: { ...valid(), username: 12345 } })],
    ['username an array', () => ({ payload: { ...valid(), username: ['a', 'b'] } })],
    ['username an object', () => ({ payload: { ...valid(), username: { $ne: '' } } })],
    ['password a boolean', () => ({ payload: { ...valid(), password: true } })],
    ['password of 51 characters', () => ({ payload: { ...valid(), password: `a1${'x'.repeat(49)}` } })],
    ['password of 100 000 characters', () => ({ payload: { ...valid(), password: `a1${'x'.repeat(100_000)}` } })],
    ['username of 10 000 emoji', () => ({ payload: { ...valid(), username: '😀'.repeat(10_000) } })],
    ['body over the size limit', () => ({ payload: { ...valid(), firstName: 'x'.repeat(2 * 1024 * 1024) } }), 413],
    ['SQL in the username', () => ({ payload: { ...valid(), username: "a'; DROP TABLE users;--" } })],
    ['SQL in the email', () => ({ payload: { ...valid(), email: "' OR 1=1 --" } })],
    ['NUL character in the first name', () => ({ payload: { ...valid(), firstName: 'Ann\u0000a' } })],
    ['phone number with letters', () => ({ payload: { ...valid(), phoneNumber: '50123456a' } })],
    ['phone number as a number', () => ({ payload: { ...valid(), phoneNumber: 501234567 } })],
    ['impossible date of birth', () => ({ payload: { ...valid(), dateOfBirth: '2001-02-30' } })],
    ['date of birth in another format', () => ({ payload: { ...valid(), dateOfBirth: '17.05.1990' } })],
    ['whitespace-only names', () => ({ payload: { ...valid(), firstName: '   ', lastName: '\t' } })],
    ['unicode lookalike digits in the phone', () => ({ payload: { ...valid(), phoneNumber: '５０１２３４５６７' } })],
    ['prototype pollution key', () => ({ payload: `{"__proto__": {"role": "ADMIN"}, "username": "x"}`, headers: { 'content-type': 'application/json' } })],
    ['role ADMIN without the required fields', () => ({ payload: { role: 'ADMIN', username: 'sneaky' } })],
  ];

  it.each(malformed)('refuses %s with a 4xx error and writes no user', async (_name, build, status) => {
    const before = await countUsers(ctx.app);
    const { payload, headers } = build();
    const response = await ctx.app.inject({ method: 'POST', url: '/register', payload, headers });
    if (status) expectApiError(response, status);
    else {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectApiError(response, response.statusCode);
    }
    expect(await countUsers(ctx.app)).toBe(before);
  });
});
