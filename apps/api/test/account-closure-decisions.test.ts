import { myDataApiMessages, myDataPaths } from '@portal/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 35 point 5: a citizen asks to close their account, may withdraw it; an admin refuses with a
 * reason or approves. Each step is audited, reaches the citizen's portal list (but the closure) and
 * their mailbox, through a real SMTP server, in their stored language. (An email still unsent when
 * the account closes goes with the account's outbox: the worker delivers between steps, as it does
 * within a second in a running portal.)
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

describeEachEngine('closing an account: asked, withdrawn, refused, approved', (engine) => {
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, onWorker: (created) => (worker = created) } });
  const deliver = async () => worker?.runOnce();
  const mailTo = (who: CreatedUser) => sink.received.filter((received) => received.to.includes(who.user.email));
  const status = async (who: CreatedUser) => (await ctx.app.inject({ url: myDataPaths.closure, headers: who.headers })).json<{ status: string; refusalReason: string | null }>();
  const ask = (who: CreatedUser) => ctx.app.inject({ method: 'POST', url: myDataPaths.closure, headers: who.headers });
  const withdraw = (who: CreatedUser) => ctx.app.inject({ method: 'DELETE', url: myDataPaths.closure, headers: who.headers });
  const refuse = (admin: CreatedUser, userId: number, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: myDataPaths.refuse(userId), headers: admin.headers, payload: payload as object });
  const pendingIds = async (admin: CreatedUser) => (await ctx.app.inject({ url: myDataPaths.closureRequests, headers: admin.headers })).json<{ userId: number }[]>().map((row) => row.userId);
  const auditActions = async (userId: number) =>
    (await ctx.app.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'user').where('entity_id', '=', String(userId)).orderBy('id').execute()).map((row) => row.action);
  const entryKinds = async (userId: number) =>
    (await ctx.app.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.kind);

  let admin: CreatedUser;
  beforeEach(async () => {
    await deliver();
    sink.clear();
    admin = await createAdmin(ctx.app);
  });

  it('asked, withdrawn, asked again, refused with a reason, asked again and approved: each step told by email and audited', async () => {
    const citizen = await createCitizen(ctx.app);

    expect((await ask(citizen)).statusCode).toBe(201);
    await deliver();
    expect(mailTo(citizen).map((received) => received.mail.subject)).toEqual(['We received your request to close your account']);
    expect(await pendingIds(admin)).toContain(citizen.user.id);

    const withdrawn = await withdraw(citizen);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await deliver();
    expect(await status(citizen)).toMatchObject({ status: 'NONE' });
    expect(await pendingIds(admin)).not.toContain(citizen.user.id);
    // Nothing left to withdraw, and nothing to approve.
    expectApiError(await withdraw(citizen), 409);
    expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers }), 409);

    // From now on the citizen reads in Polish (the language switch stores it).
    await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' });
    expect((await ask(citizen)).statusCode).toBe(201);
    await deliver();
    const reason = 'Na koncie jest nieopłacone zobowiązanie FO 12; prosimy najpierw je uregulować.';
    const refused = await refuse(admin, citizen.user.id, { reason: `  ${reason}  ` });
    expect(refused.statusCode, refused.body).toBe(200);
    await deliver();
    expect(await status(citizen)).toMatchObject({ status: 'REFUSED', refusalReason: reason });
    expect(await pendingIds(admin)).not.toContain(citizen.user.id);
    // A refused request is not pending: neither withdrawn, refused again nor approved.
    expectApiError(await withdraw(citizen), 409);
    expectApiError(await refuse(admin, citizen.user.id, { reason: 'Again' }), 409);
    expectApiError(await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers }), 409);

    expect((await ask(citizen)).statusCode).toBe(201);
    await deliver();
    expect(await status(citizen)).toMatchObject({ status: 'REQUESTED', refusalReason: null });
    const approved = await ctx.app.inject({ method: 'POST', url: myDataPaths.approve(citizen.user.id), headers: admin.headers });
    expect(approved.statusCode, approved.body).toBe(200);
    await deliver();

    const subjects = mailTo(citizen).map((received) => received.mail.subject);
    expect(subjects).toEqual([
      'We received your request to close your account',
      'Your request to close your account was withdrawn',
      'Otrzymaliśmy wniosek o zamknięcie konta',
      'Odmowa zamknięcia konta',
      'Otrzymaliśmy wniosek o zamknięcie konta',
      'Konto zostało zamknięte',
    ]);
    const refusal = mailTo(citizen)[3];
    expect(refusal?.mail.text).toContain(`Uzasadnienie: ${reason}`);
    expect(mailTo(citizen)[1]?.mail.text).toContain('Your account stays open.');

    expect(await auditActions(citizen.user.id)).toEqual([
      'account.close-request',
      'account.close-withdraw',
      'account.close-request',
      'account.close-refuse',
      'account.close-request',
      'account.close',
    ]);
    // The closed account keeps no portal entry and no address anywhere in the outbox.
    expect(await entryKinds(citizen.user.id)).toEqual([]);
    const outbox = await ctx.app.db.selectFrom('notification_outbox').select('payload_json').where('user_id', '=', citizen.user.id).execute();
    expect(outbox.map((row) => row.payload_json).join('')).not.toContain(citizen.user.email);
  });

  it('shows each step in the citizen\u2019s portal list while the account is open', async () => {
    const citizen = await createCitizen(ctx.app);
    await ask(citizen);
    await withdraw(citizen);
    await ask(citizen);
    await refuse(admin, citizen.user.id, { reason: 'Unpaid obligation' });
    const list = await call(ctx.app, citizen, 'GET', '/api/notifications');
    expect(list.json<{ items: { kind: string; link: string; data: Record<string, unknown> }[] }>().items.map(({ kind, link, data }) => ({ kind, link, reason: data.reason }))).toEqual([
      { kind: 'account-closure-refused', link: '/account', reason: 'Unpaid obligation' },
      { kind: 'account-closure-requested', link: '/account', reason: undefined },
      { kind: 'account-closure-withdrawn', link: '/account', reason: undefined },
      { kind: 'account-closure-requested', link: '/account', reason: undefined },
    ]);
  });

  describe('refusing', () => {
    it('needs a reason: a blank or too long one is a 400 with the field\u2019s message, and nothing changes', async () => {
      const citizen = await createCitizen(ctx.app);
      await ask(citizen);
      const cases = [
        { payload: {}, message: myDataApiMessages.reasonRequired },
        { payload: { reason: '   ' }, message: myDataApiMessages.reasonRequired },
        { payload: { reason: 'x'.repeat(1001) }, message: myDataApiMessages.reasonTooLong },
      ];
      for (const { payload, message } of cases) expect(expectApiError(await refuse(admin, citizen.user.id, payload), 400).fields?.reason).toBe(message);
      expect(await status(citizen)).toMatchObject({ status: 'REQUESTED' });
      expect(await auditActions(citizen.user.id)).toEqual(['account.close-request']);
    });

    it('is for admins only; a citizen withdraws only their own request', async () => {
      const citizen = await createCitizen(ctx.app);
      const other = await createCitizen(ctx.app);
      await ask(citizen);
      expectApiError(await refuse(await createEmployee(ctx.app), citizen.user.id, { reason: 'No' }), 403);
      expectApiError(await refuse(other, citizen.user.id, { reason: 'No' }), 403);
      // The other citizen's DELETE is about their own (absent) request: the first one's stays.
      expectApiError(await withdraw(other), 409);
      expect(await status(citizen)).toMatchObject({ status: 'REQUESTED' });
    });
  });
});
