import { passwordMessages, passwordPaths, PASSWORD_RESET_PAGE, type SessionListResponse, sessionsPaths, authMessages, type NotificationListResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { issueDirectToken } from '../src/modules/sessions/direct-token.js';
import { useTestApp } from './helpers/app.js';
import { auditRowsFor } from './helpers/audit.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';
import { type ReceivedMail, startSmtpSink } from './helpers/smtp-sink.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const PUBLIC_URL = 'https://portal.example.org';
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: PUBLIC_URL, outboxDir: '/nonexistent/mail' };

const NEW_PASSWORD = 'Jesien-2026-klucz';
let clockMs = Date.now();

const login = (app: FastifyInstance, who: CreatedUser, password: string) =>
  app.inject({ method: 'POST', url: '/login', payload: { username: who.user.username, password } });
const me = (app: FastifyInstance, who: CreatedUser) => call(app, who, 'GET', '/api/users/me');
/** Another session of the same person, as a second sign-in gives. */
async function anotherSession(app: FastifyInstance, who: CreatedUser): Promise<CreatedUser> {
  const token = await issueDirectToken(app, who.user);
  return { ...who, token, headers: { authorization: `Bearer ${token}` } };
}
/** The link's secret as the email carries it: in the fragment of the reset page's address. */
function tokenIn(received: ReceivedMail): string {
  const match = new RegExp(`${PUBLIC_URL}${PASSWORD_RESET_PAGE}#token=([A-Za-z0-9_-]+)`).exec(received.mail.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in: ${received.mail.text}`);
  return match[1];
}

describeEachEngine('getting back into an account (issue 35)', (engine) => {
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { passwordResetNow: () => clockMs, notifications: { autoStart: false, onWorker: (created) => (worker = created) } });
  let admin: CreatedUser;
  beforeAll(async () => {
    admin = await createAdmin(ctx.app);
  });
  beforeEach(() => {
    clockMs = Date.now();
  });
  const deliver = async () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    await worker.runOnce();
  };
  const mailTo = (who: CreatedUser) => sink.received.filter((received) => received.to.includes(who.user.email));

  describe('change password', () => {
    const change = (who: CreatedUser, body: Record<string, unknown>) => call(ctx.app, who, 'POST', passwordPaths.change, body);

    it('sets the new password, keeps this session, ends the others, and tells the owner by email and in the portal', async () => {
      const citizen = await createCitizen(ctx.app);
      const laptop = await anotherSession(ctx.app, citizen);

      const changed = await change(citizen, { currentPassword: citizen.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(changed.statusCode, changed.body).toBe(204);

      expect((await me(ctx.app, citizen)).statusCode).toBe(200);
      expectApiError(await me(ctx.app, laptop), 401);
      expectApiError(await login(ctx.app, citizen, citizen.password), 401);
      expect((await login(ctx.app, citizen, NEW_PASSWORD)).statusCode).toBe(200);

      const entries = (await call(ctx.app, citizen, 'GET', '/api/notifications')).json<NotificationListResponse>().items;
      expect(entries.filter((entry) => entry.kind === 'password-changed')).toEqual([expect.objectContaining({ link: '/account' })]);
      await deliver();
      const [email] = mailTo(citizen);
      expect(email?.mail.subject).toBe('Your password was changed');
      expect(email?.mail.text).toContain('Your other sessions were signed out.');
    });

    it('answers a wrong current password, a weak new one and a mismatch with field errors, and changes nothing', async () => {
      const employee = await createEmployee(ctx.app);
      const other = await anotherSession(ctx.app, employee);
      const wrong = expectApiError(await change(employee, { currentPassword: 'Niepoprawne1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), 400);
      expect(wrong.fields).toEqual({ currentPassword: passwordMessages.currentWrong });
      const weak = expectApiError(await change(employee, { currentPassword: employee.password, newPassword: 'onlyletters', confirmPassword: 'onlyletters' }), 400);
      expect(weak.fields).toEqual({ newPassword: authMessages.passwordLettersAndDigits });
      const mismatch = expectApiError(await change(employee, { currentPassword: employee.password, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }), 400);
      expect(mismatch.fields).toEqual({ confirmPassword: passwordMessages.confirmMismatch });
      const empty = expectApiError(await change(employee, {}), 400);
      expect(empty.fields?.currentPassword).toBe(passwordMessages.currentRequired);

      expect((await login(ctx.app, employee, employee.password)).statusCode).toBe(200);
      expect((await me(ctx.app, other)).statusCode).toBe(200);
    });

    it('is throttled like a login: guesses of the current password from one address are refused after the lock threshold', async () => {
      const citizen = await createCitizen(ctx.app);
      const guess = () => change(citizen, { currentPassword: 'Zgaduje123', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      for (let attempt = 1; attempt <= ctx.config.loginThrottle.perUserAndAddress; attempt += 1) expectApiError(await guess(), 400);
      expectApiError(await guess(), 429);
      // Even the right one waits out the lock: the guesses cannot be told apart from the owner.
      expectApiError(await change(citizen, { currentPassword: citizen.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), 429);
    });
  });

  describe('ending one session', () => {
    it('ends the chosen session only; the current one cannot be ended here; another person\u2019s id is not found', async () => {
      const citizen = await createCitizen(ctx.app);
      const [phone, tablet] = [await anotherSession(ctx.app, citizen), await anotherSession(ctx.app, citizen)];
      const list = async (who: CreatedUser) => (await call(ctx.app, who, 'GET', sessionsPaths.list)).json<SessionListResponse>().sessions;
      const phoneId = (await list(phone)).find((session) => session.current)?.id ?? '';
      const hereId = (await list(citizen)).find((session) => session.current)?.id ?? '';
      expect(new Set((await list(citizen)).map((session) => session.id)).size).toBe(3);

      expect((await call(ctx.app, citizen, 'POST', sessionsPaths.endOne(phoneId))).statusCode).toBe(204);
      expectApiError(await me(ctx.app, phone), 401);
      expect((await me(ctx.app, tablet)).statusCode).toBe(200);
      expect((await list(citizen)).map((session) => session.id)).not.toContain(phoneId);

      expectApiError(await call(ctx.app, citizen, 'POST', sessionsPaths.endOne(hereId)), 409);
      expectApiError(await call(ctx.app, citizen, 'POST', sessionsPaths.endOne(phoneId)), 404);
      const stranger = await createCitizen(ctx.app);
      const tabletId = (await list(tablet)).find((session) => session.current)?.id ?? '';
      expectApiError(await call(ctx.app, stranger, 'POST', sessionsPaths.endOne(tabletId)), 404);
      expect((await me(ctx.app, tablet)).statusCode).toBe(200);
      expectApiError(await call(ctx.app, citizen, 'POST', '/api/sessions/not-an-id/end'), 400);
    });
  });

  describe('an admin-sent password reset', () => {
    const send = (who: CreatedUser, id: number) => call(ctx.app, who, 'POST', passwordPaths.sendReset(id));
    const complete = (token: string, password = NEW_PASSWORD, confirm = password) =>
      ctx.app.inject({ method: 'POST', url: passwordPaths.completeReset, payload: { token, newPassword: password, confirmPassword: confirm } });
    const check = async (token: string) => (await ctx.app.inject({ method: 'POST', url: passwordPaths.checkReset, payload: { token } })).json<{ state: string }>().state;
    async function sendAndRead(who: CreatedUser): Promise<string> {
      const next = sink.nextReceived();
      const sent = await send(admin, who.user.id);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ email: who.user.email });
      const received = await next;
      expect(received.to).toEqual([who.user.email]);
      return tokenIn(received);
    }

    it('emails a single-use link that sets a new password under the spec\u2019s rules and ends every session; audited', async () => {
      const citizen = await createCitizen(ctx.app);
      const laptop = await anotherSession(ctx.app, citizen);
      const token = await sendAndRead(citizen);
      expect(await check(token)).toBe('valid');

      // Only the link's hash is stored: the secret is in no table, the outbox included.
      const row = await ctx.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', citizen.user.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
      const outbox = await ctx.app.db.selectFrom('notification_outbox').select('payload_json').where('user_id', '=', citizen.user.id).execute();
      expect(JSON.stringify(outbox)).not.toContain(token);

      const weak = expectApiError(await complete(token, 'short1'), 400);
      expect(weak.fields?.newPassword).toBe(authMessages.passwordTooShort);
      expect(await check(token)).toBe('valid');

      expect((await complete(token)).statusCode).toBe(204);
      expectApiError(await me(ctx.app, citizen), 401);
      expectApiError(await me(ctx.app, laptop), 401);
      expect((await login(ctx.app, citizen, NEW_PASSWORD)).statusCode).toBe(200);

      const again = expectApiError(await complete(token, 'Inne-haslo-77'), 409);
      expect(again.message).toBe(passwordMessages.resetLinkUsed);
      expect(await check(token)).toBe('used');
      expect((await login(ctx.app, citizen, 'Inne-haslo-77')).statusCode).toBe(401);

      const actions = (await auditRowsFor(ctx.app, 'user', citizen.user.id)).map((audit) => [audit.action, audit.actor_id]);
      expect(actions).toEqual([
        ['password.reset-sent', admin.user.id],
        ['password.reset', citizen.user.id],
      ]);
    });

    it('writes the email in the language the person chose, whatever the admin reads', async () => {
      const citizen = await createCitizen(ctx.app);
      expect((await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' })).statusCode).toBe(200);
      const next = sink.nextReceived();
      expect((await send(admin, citizen.user.id)).statusCode).toBe(200);
      const received = await next;
      expect(received.mail.subject).toBe('Ustawienie nowego hasła w Portalu Usług Miejskich');
      expect(received.mail.text).toContain('Link działa jednorazowo przez 30 minut.');
      expect(tokenIn(received)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('stops working after 30 minutes and says so', async () => {
      const employee = await createEmployee(ctx.app);
      const token = await sendAndRead(employee);
      clockMs += 29 * 60_000;
      expect(await check(token)).toBe('valid');
      clockMs += 2 * 60_000;
      expect(await check(token)).toBe('expired');
      expect(expectApiError(await complete(token), 409).message).toBe(passwordMessages.resetLinkExpired);
      expect((await login(ctx.app, employee, employee.password)).statusCode).toBe(200);
    });

    it('a newer link replaces the older one; an unknown link is invalid', async () => {
      const citizen = await createCitizen(ctx.app);
      const first = await sendAndRead(citizen);
      const second = await sendAndRead(citizen);
      expect(await check(first)).toBe('used');
      expect(await check('A'.repeat(43))).toBe('invalid');
      expect(expectApiError(await complete('A'.repeat(43)), 409).message).toBe(passwordMessages.resetLinkInvalid);
      expect((await complete(second)).statusCode).toBe(204);
    });

    it('is for admins only, never for their own account, and at most 3 links per account an hour', async () => {
      const citizen = await createCitizen(ctx.app);
      expectApiError(await send(await createEmployee(ctx.app), citizen.user.id), 403);
      expectApiError(await send(citizen, citizen.user.id), 403);
      expectApiError(await send(admin, admin.user.id), 409);
      expectApiError(await send(admin, 987_654), 404);
      for (let sent = 1; sent <= 3; sent += 1) expect((await send(admin, citizen.user.id)).statusCode).toBe(200);
      expectApiError(await send(admin, citizen.user.id), 429);
    });

    it('withdraws the link when the mail server refuses the email, and tells the admin', async () => {
      const citizen = await createCitizen(ctx.app);
      sink.refuse(Infinity);
      try {
        expect(expectApiError(await send(admin, citizen.user.id), 503).message).toBe(passwordMessages.resetNoEmail);
      } finally {
        sink.refuse(0);
      }
      const row = await ctx.app.db.selectFrom('password_resets').selectAll().where('user_id', '=', citizen.user.id).executeTakeFirstOrThrow();
      expect(row.used_at).not.toBeNull();
    });
  });
});
