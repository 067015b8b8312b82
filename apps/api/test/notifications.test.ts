import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import { createNotificationsRepository } from '../src/modules/notifications/repository.js';
import { createNotificationsService } from '../src/modules/notifications/service.js';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.js';
import { createObligationsRepository } from '../src/modules/obligations/repository.js';
import { createObligationsService } from '../src/modules/obligations/service.js';
import { noticesOf } from '../src/modules/notifications/subscriber.js';
import { PortalEvents } from '../src/plugins/events.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { createRealtimeBus } from '../src/plugins/realtime/index.js';
import { useTestApp } from './helpers/app.js';
import { createVehicleCase, setStatus } from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee, newRegistration } from './helpers/factories.js';
import { call, createLetter, messageBody, takenConversation } from './helpers/letters.js';
import { createObligation } from './helpers/obligations.js';
import { type ReceivedMail, startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 18: every event's email reaches a real SMTP server (smtp-server, in this process) through
 * the outbox and the worker, which the tests drive by hand with an injected clock.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());

const PUBLIC_URL = 'https://portal.example.org';
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: PUBLIC_URL, outboxDir: '/nonexistent/mail' };
const MINUTE = 60_000;
// The live events the servers publish (one process here: the in-memory bus).
const bus = await createRealtimeBus({ engine: 'sqlite', logger: { info: () => undefined, warn: () => undefined, error: () => undefined } });
const published: { topic: string; payload: unknown }[] = [];
bus.subscribe((topic, payload) => published.push({ topic, payload }));
afterAll(() => bus.close());

describeEachEngine('notifications by email', (engine) => {
  let clock = new Date('2026-03-02T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(
    engine,
    { mail },
    {
      notifications: {
        autoStart: false,
        now: () => clock,
        onWorker: (created) => (worker = created),
        policy: { maxAttempts: 3, backoffBaseMs: MINUTE, maxBackoffMs: 60 * MINUTE, leaseMs: 5 * MINUTE },
      },
      realtimeBus: bus,
    },
  );
  const run = () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    return worker.runOnce();
  };
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  // A reply's email waits a minute for the reader (REPLY_EMAIL_DELAY_SECONDS' default).
  const runAfterReplyWindow = () => (advance(MINUTE), run());
  const to = (who: CreatedUser) => sink.received.filter((m) => m.to.includes(who.user.email));
  // The header as sent (mailparser folds List-* headers into a structure of its own).
  const header = (m: ReceivedMail, name: string) =>
    m.mail.headerLines
      .find((line) => line.key === name.toLowerCase())
      ?.line.replace(/\r?\n/g, '')
      .replace(/^[^:]+:\s*/, '');

  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeEach(async () => {
    // Whatever earlier tests queued is delivered first; each test sees only its own emails.
    advance(60 * MINUTE);
    await run();
    sink.clear();
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  function expectOptionalEmail(m: ReceivedMail, link: string) {
    expect(m.mail.html).toContain(`href="${link}"`);
    expect(m.mail.text).toContain(link);
    expect(header(m, 'List-Unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe/[^>]+>$`));
    expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(m.mail.messageId).toMatch(/^<notification-\d+@portal\.example\.org>$/);
  }

  describe('each event reaches the right person in their language', () => {
    it('letter taken: the citizen, in English by default, HTML and text, the link to the conversation', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      expect(await run()).toMatchObject({ sent: 1 });
      const [email] = to(citizen);
      expect(sink.received).toHaveLength(1);
      expect(email?.mail.subject).toBe(`A clerk is handling your letter (L-${conversation.letterId}: ${conversation.subject})`);
      expect(email?.mail.html).toMatch(/<html [^>]*lang="en"/);
      expect(email?.mail.text).toContain('Hello Zofia,');
      expect(email?.mail.text).toContain(`A clerk has taken your letter L-${conversation.letterId}: ${conversation.subject} and is working on it.`);
      expect(email?.mail.from?.value).toEqual([{ name: 'City Service Portal', address: 'no-reply@portal.example.org' }]);
      if (email) expectOptionalEmail(email, `${PUBLIC_URL}/user?conversation=${conversation.id}`);
    });

    it('letter taken: in Polish once the citizen switched the portal to Polish', async () => {
      const response = await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' });
      expect(response.json()).toEqual({ language: 'pl' });
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      const [email] = to(citizen);
      expect(email?.mail.subject).toBe(`Pismo przyjęte do rozpatrzenia (L-${conversation.letterId}: ${conversation.subject})`);
      expect(email?.mail.html).toMatch(/<html [^>]*lang="pl"/);
      // Formal, and neutral about who took it: no first name in the nominative, no "Urzędnik przyjął".
      expect(email?.mail.text).toMatch(/^Dzień dobry,$/m);
      expect(email?.mail.text).not.toContain('Zofia');
      expect(email?.mail.text).toContain(`Pismo L-${conversation.letterId}: ${conversation.subject} przyjęto do rozpatrzenia.`);
    });

    it('refuses a language the portal does not speak', async () => {
      const response = await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'de' });
      expectApiError(response, 400);
      expect(response.json().fields).toEqual({ language: 'Language must be en or pl' });
    });

    it('conversation resolved: the citizen; a reply of the clerk: the citizen, not the chat text', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      sink.clear();
      expect((await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'Secret chat text'))).statusCode).toBe(201);
      expect((await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' })).statusCode).toBe(200);
      await runAfterReplyWindow();
      expect(to(citizen).map((m) => m.mail.subject).sort()).toEqual([
        `New reply (L-${conversation.letterId}: ${conversation.subject})`,
        `Resolved (L-${conversation.letterId}: ${conversation.subject})`,
      ]);
      expect(to(employee)).toEqual([]);
      for (const email of to(citizen)) {
        expect(email.raw).not.toContain('Secret chat text');
        expect(`${email.mail.html}${email.mail.text}`).not.toContain('Secret chat text');
        expectOptionalEmail(email, `${PUBLIC_URL}/user?conversation=${conversation.id}`);
      }
    });

    it('a citizen\'s reply: the handling clerk, with the link to the employee dashboard', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      sink.clear();
      await call(ctx.app, citizen, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, citizen));
      await runAfterReplyWindow();
      expect(to(citizen)).toEqual([]);
      const [email] = to(employee);
      expect(email?.mail.subject).toBe(`New reply (L-${conversation.letterId}: ${conversation.subject})`);
      // Which letter, in the text too (not only the subject line a client may cut).
      expect(email?.mail.text).toContain(`There is a new reply about your letter L-${conversation.letterId}: ${conversation.subject}.`);
      if (email) expectOptionalEmail(email, `${PUBLIC_URL}/employee?conversation=${conversation.id}`);
    });

    it('case status changed: the case\'s citizen with the new status; choosing the same status sends nothing', async () => {
      const created = await createVehicleCase(ctx.app, citizen);
      await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
      await setStatus(ctx.app, employee, created.id, 'IN_PROGRESS');
      await run();
      expect(sink.received).toHaveLength(1);
      const [email] = to(citizen);
      expect(email?.mail.subject).toBe(`Case status changed (C-${created.id}: Vehicle registration - KR 12345)`);
      expect(email?.mail.text).toContain('New status: in progress.');
      if (email) expectOptionalEmail(email, `${PUBLIC_URL}/createCase?case=${created.id}`);
    });

    it('obligation created: what for, amount, due date and how to pay, in the citizen\'s language', async () => {
      await call(ctx.app, citizen, 'PUT', '/api/users/me/language', { language: 'pl' });
      const obligation = await createObligation(ctx.app, employee, citizen, { amount: '1234.50', dueDate: '2026-05-02', description: 'Opłata za odpady, II kwartał' });
      await run();
      const [email] = to(citizen);
      expect(email?.mail.subject).toBe(`Nowa należność do zapłaty (FO ${obligation.id})`);
      // The month in the genitive, as a Polish office writes a date.
      expect(email?.mail.text).toContain('Tytuł należności: Opłata za odpady, II kwartał. Kwota: 1\u00a0234,50\u00a0zł. Termin płatności: 2 maja 2026.');
      expect(email?.mail.text).toContain('Sposób zapłaty:');
      if (email) expectOptionalEmail(email, `${PUBLIC_URL}/financial-obligations?obligation=${obligation.id}`);
    });

    it('employee registered, deactivated, activated: that employee, always (no unsubscribe)', async () => {
      const admin = await createAdmin(ctx.app);
      const registration = newRegistration();
      const registered = await call(ctx.app, admin, 'POST', '/register/employee', registration);
      expect(registered.statusCode).toBe(201);
      const id = registered.json().id as number;
      await call(ctx.app, admin, 'PUT', `/api/users/deactivate/${id}`);
      await call(ctx.app, admin, 'PUT', `/api/users/activate/${id}`);
      await run();
      const emails = sink.received.filter((m) => m.to.includes(registration.email.toLowerCase()));
      // A batch is sent side by side: the order of arrival is not the order of the events.
      expect(emails.map((m) => m.mail.subject).sort()).toEqual([
        'Your account was activated',
        'Your employee account is no longer active',
        'Your employee account was created',
      ]);
      for (const email of emails) expect(header(email, 'List-Unsubscribe')).toBeUndefined();
    });
  });

  describe('no email for a refused change', () => {
    it('a second take (409), a resolve by another employee (403) and an invalid obligation (400) queue nothing', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      sink.clear();
      const other = await createEmployee(ctx.app);
      expectApiError(await call(ctx.app, other, 'PUT', `/api/conversations/${conversation.id}/take`), 409);
      expectApiError(await call(ctx.app, other, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' }), 403);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/financial-obligations',
        headers: employee.headers,
        payload: { interestId: citizen.user.id, amount: 0, dueDate: '2026-03-31', issueDate: '2026-03-01', paymentStatus: 'PENDING' },
      });
      expectApiError(refused, 400);
      expect(await run()).toEqual({ sent: 0, skipped: 0, retried: 0, failed: 0 });
      expect(sink.received).toEqual([]);
    });
  });

  describe('the outbox is written in the transaction of the change', () => {
    it('an obligation whose audit row fails leaves no email and no portal entry behind', async () => {
      const tokens = createUnsubscribeTokens('a key for this test only');
      const notifications = createNotificationsService({ db: ctx.app.db, notifications: createNotificationsRepository(ctx.app.db), tokens, now: () => clock });
      // The notifications module's own subscriber first, as in the server; the audit row fails last.
      const events = new PortalEvents(ctx.app.db, ctx.app.log);
      events.subscribeInTransaction(
        'notifications',
        async (trx, event) => {
          for (const { recipientId, notice } of noticesOf(event)) await notifications.enqueue(trx, recipientId, notice);
        },
        'first',
      );
      events.subscribeInTransaction(
        'audit',
        async () => {
          throw new Error('audit store unavailable');
        },
        'last',
      );
      const service = createObligationsService({
        obligations: createObligationsRepository(ctx.app.db),
        users: { findUser: async () => citizen.user },
        paymentAccount: null,
        events,
      });
      const input = { interestId: citizen.user.id, amount: '10.00', dueDate: '2026-03-31', issueDate: '2026-03-01', paymentStatus: 'PENDING' as const, description: '' };
      await expect(service.create(employee.user, input)).rejects.toThrow('audit store unavailable');
      const count = async (table: 'notification_outbox' | 'notifications') =>
        (await ctx.app.db.selectFrom(table).select('id').where('user_id', '=', citizen.user.id).execute()).length;
      expect(await count('notification_outbox')).toBe(0);
      expect(await count('notifications')).toBe(0);
      expect(await run()).toEqual({ sent: 0, skipped: 0, retried: 0, failed: 0 });
    });
  });

  describe('replies are debounced', () => {
    it('at most one email per conversation and recipient per 15 minutes; none when read in the portal meanwhile', async () => {
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      sink.clear();
      const send = (content: string) =>
        call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, content));

      await send('first');
      await run();
      expect(to(citizen)).toHaveLength(0); // its minute for the reader first
      await runAfterReplyWindow();
      expect(to(citizen)).toHaveLength(1);

      advance(MINUTE);
      await send('second');
      advance(MINUTE);
      await send('third');
      await run();
      expect(to(citizen)).toHaveLength(1);

      advance(13 * MINUTE); // 15 minutes after the first email
      await run();
      expect(to(citizen)).toHaveLength(2);

      advance(MINUTE);
      const fourth = (await send('fourth')).json() as { id: number };
      await runAfterReplyWindow(); // queued for the end of the next quiet time
      advance(MINUTE);
      const fifth = (await send('fifth')).json() as { id: number };
      // Read in the portal before the quiet time ends: that email is not needed any more.
      expect(fifth.id).toBeGreaterThan(fourth.id);
      await call(ctx.app, citizen, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: fifth.id });
      advance(15 * MINUTE);
      expect(await run()).toMatchObject({ sent: 0, skipped: 1 });
      expect(to(citizen)).toHaveLength(2);
    });
  });

  describe('unsubscribing', () => {
    it('the one-click POST of the List-Unsubscribe address works without signing in and stops that category only', async () => {
      const conversation = await createLetter(ctx.app, citizen);
      await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/take`);
      await run();
      const [email] = to(citizen);
      const address = /^<([^>]+)>$/.exec(String(email && header(email, 'List-Unsubscribe')))?.[1] ?? '';
      const url = new URL(address);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ category: 'status', email: false });
      expect((await call(ctx.app, citizen, 'GET', '/api/notification-settings')).json()).toEqual({ replies: true, status: false, obligations: true });

      sink.clear();
      await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee));
      await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
      await runAfterReplyWindow();
      expect(to(citizen).map((m) => m.mail.subject)).toEqual([`New reply (L-${conversation.letterId}: ${conversation.subject})`]);
    });

    it('refuses a token that was not signed by the server, or signed for another person', async () => {
      const forged = `${citizen.user.id}.replies.${'A'.repeat(43)}`;
      expectApiError(await ctx.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe/${forged}` }), 403);
      expect((await call(ctx.app, citizen, 'GET', '/api/notification-settings')).json()).toEqual({ replies: true, status: true, obligations: true });
    });

    it('the settings switch categories off and on', async () => {
      const response = await call(ctx.app, citizen, 'PUT', '/api/notification-settings', { obligations: false });
      expect(response.json()).toEqual({ replies: true, status: true, obligations: false });
      await createObligation(ctx.app, employee, citizen);
      expect(await run()).toMatchObject({ sent: 0, skipped: 1 });
      expectApiError(await call(ctx.app, citizen, 'PUT', '/api/notification-settings', { obligations: 'no' }), 400);
    });
  });

  describe('obligation reminders (the injected clock)', () => {
    it('due in 7 days and overdue the day after, once each, only while unpaid', async () => {
      clock = new Date('2026-05-01T08:00:00.000Z');
      const unpaid = await createObligation(ctx.app, employee, citizen, { issueDate: '2026-05-01', dueDate: '2026-05-20' });
      await createObligation(ctx.app, employee, citizen, { issueDate: '2026-05-01', dueDate: '2026-05-20', paymentStatus: 'PAID' });
      await run();
      sink.clear();

      clock = new Date('2026-05-12T22:30:00.000Z'); // 13 May in Warsaw: 7 days before the due date
      await worker?.runSchedule();
      await worker?.runSchedule();
      await run();
      expect(to(citizen).map((m) => m.mail.subject)).toEqual([`Reminder: payment due on 20 May 2026 (FO ${unpaid.id})`]);

      clock = new Date('2026-05-20T10:00:00.000Z'); // the due date itself: nothing yet
      await worker?.runSchedule();
      await run();
      expect(to(citizen)).toHaveLength(1);

      clock = new Date('2026-05-21T10:00:00.000Z');
      await worker?.runSchedule();
      await run();
      clock = new Date('2026-05-22T10:00:00.000Z');
      await worker?.runSchedule();
      await run();
      expect(to(citizen).map((m) => m.mail.subject)).toEqual([
        `Reminder: payment due on 20 May 2026 (FO ${unpaid.id})`,
        `Payment overdue (FO ${unpaid.id})`,
      ]);
      expect(to(citizen)[1]?.mail.text).toContain('Amount: 120.50 PLN. Due date: 20 May 2026.');
    });
  });

  describe('the portal\'s own list', () => {
    it('shows every event (also replies not emailed), counts the unread, marks one or all read', async () => {
      published.length = 0;
      const conversation = await takenConversation(ctx.app, citizen, employee);
      await run();
      // The citizen's open pages hear of the new entry once, at the commit of the take.
      const pings = () => published.filter((p) => p.topic === `user:${citizen.user.id}` && JSON.stringify(p.payload).includes('"notification"'));
      expect(pings().map((p) => p.payload)).toEqual([{ event: { type: 'notification', kind: 'letter-taken' }, participants: [citizen.user.id], toStaff: false }]);
      for (const content of ['one', 'two', 'three']) {
        await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, content));
      }
      await runAfterReplyWindow();
      expect(to(citizen)).toHaveLength(2); // the take and one reply email for the three (one per 15 minutes)

      const list = (await call(ctx.app, citizen, 'GET', '/api/notifications')).json() as { items: { id: number; kind: string; link: string; readAt: string | null }[]; unreadCount: number };
      expect(list.unreadCount).toBe(4);
      expect(list.items.map((item) => item.kind)).toEqual(['reply', 'reply', 'reply', 'letter-taken']);
      expect(list.items[3]?.link).toBe(`/user?conversation=${conversation.id}`);
      expect(JSON.stringify(list.items)).not.toContain('three');

      const first = list.items[3]?.id ?? 0;
      const afterOne = (await call(ctx.app, citizen, 'PUT', `/api/notifications/${first}/read`)).json() as typeof list;
      expect(afterOne.unreadCount).toBe(3);
      expect(afterOne.items[3]?.readAt).toBe(clock.toISOString());
      expectApiError(await call(ctx.app, employee, 'PUT', `/api/notifications/${first}/read`), 403);
      const afterAll = (await call(ctx.app, citizen, 'PUT', '/api/notifications/read-all')).json() as typeof list;
      expect(afterAll.unreadCount).toBe(0);
      // The employee's own list is untouched by the citizen's reading.
      expect(((await call(ctx.app, employee, 'GET', '/api/notifications')).json() as typeof list).unreadCount).toBe(0);
    });
  });

  describe('without SMTP_URL', () => {
    it('writes each email as an .eml file under the mail folder and logs its path', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
      const lines: string[] = [];
      let fileWorker: NotificationWorker | undefined;
      const app = await ctx.build(
        { mail: { ...mail, smtpUrl: null, outboxDir: folder }, logLevel: 'info' },
        { logStream: { write: (line) => void lines.push(line) }, notifications: { autoStart: false, now: () => clock, onWorker: (w) => (fileWorker = w) } },
      );
      await run(); // the suite's own worker is not this test's
      const conversation = await takenConversation(app, citizen, employee);
      // Both servers share the database: whichever worker runs first sends it.
      expect(await fileWorker?.runOnce()).toMatchObject({ sent: 1 });
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(folder, files[0] ?? ''), 'utf8');
      expect(eml).toContain(`Subject: A clerk is handling your letter (L-${conversation.letterId}: ${conversation.subject})`);
      expect(lines.some((line) => line.includes(path.join(folder, files[0] ?? '')))).toBe(true);
      await rm(folder, { recursive: true });
    });
  });

  describe('delivery failures and crashes', () => {
    it('the SMTP server refuses, then accepts: delivered once after the back-off, with the same Message-ID', async () => {
      sink.refuse(1);
      await takenConversation(ctx.app, citizen, employee);
      expect(await run()).toMatchObject({ sent: 0, retried: 1 });
      expect(sink.refused).toBe(1);
      expect(await run()).toMatchObject({ sent: 0, retried: 0 }); // still backing off
      advance(MINUTE);
      expect(await run()).toMatchObject({ sent: 1 });
      expect(await run()).toMatchObject({ sent: 0 });
      expect(to(citizen)).toHaveLength(1);
    });

    it('refused for good: marked failed with the reason after the last attempt, and shown to admins', async () => {
      const admin = await createAdmin(ctx.app);
      sink.refuse(Number.POSITIVE_INFINITY);
      await takenConversation(ctx.app, citizen, employee);
      expect(await run()).toMatchObject({ retried: 1 });
      advance(MINUTE);
      expect(await run()).toMatchObject({ retried: 1 });
      advance(2 * MINUTE);
      expect(await run()).toMatchObject({ failed: 1 });
      advance(60 * MINUTE);
      expect(await run()).toMatchObject({ sent: 0, failed: 0, retried: 0 });
      expect(sink.refused).toBe(3);
      sink.refuse(0);

      const failed = (await call(ctx.app, admin, 'GET', '/api/notifications/failed')).json() as { userId: number; kind: string; attempts: number; reason: string }[];
      expect(failed.find((row) => row.userId === citizen.user.id)).toMatchObject({ kind: 'letter-taken', attempts: 3, reason: expect.stringContaining('451') });
      expectApiError(await call(ctx.app, citizen, 'GET', '/api/notifications/failed'), 403);
      // Admins hear of it in the portal only.
      const entries = (await call(ctx.app, admin, 'GET', '/api/notifications')).json() as { items: { kind: string; link: string; data: Record<string, unknown> }[] };
      expect(entries.items[0]).toMatchObject({ kind: 'delivery-failed', link: '/admin', data: { recipientId: citizen.user.id, kind: 'letter-taken' } });
      expect(to(admin)).toEqual([]);
    });

    it('a worker that dies after claiming leaves the row to be delivered once its lease runs out', async () => {
      await takenConversation(ctx.app, citizen, employee);
      // A process claims the row, then is killed before sending or marking it.
      const dead = await createNotificationsRepository(ctx.app.db).claimDue(clock.toISOString(), new Date(clock.getTime() + 5 * MINUTE).toISOString(), 10);
      expect(dead).toHaveLength(1);
      expect(await run()).toMatchObject({ sent: 0 });
      advance(5 * MINUTE);
      expect(await run()).toMatchObject({ sent: 1 });
      expect(to(citizen)).toHaveLength(1);
      expect(to(citizen)[0]?.mail.messageId).toBe(`<notification-${dead[0]?.id}@portal.example.org>`);
    });
  });
});
