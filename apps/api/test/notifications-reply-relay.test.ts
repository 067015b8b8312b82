import { afterAll, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import { createDatabase, type Db } from '../src/db/database.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { createNotificationsRepository } from '../src/modules/notifications/repository.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 18, the write's cost: a chat reply writes only its portal entry, marked; the worker queues
 * the email from it (debounced) and clears the mark in one transaction of its own. These tests hold
 * what that must keep: the person's list shows the reply at once, the email still goes exactly
 * once, a pass that fails midway loses nothing, and workers side by side never queue one twice.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

const outboxRows = (db: Db, userId: number) =>
  db.selectFrom('notification_outbox').select(['kind', 'status', 'dedupe_key']).where('user_id', '=', userId).where('kind', '=', 'reply').execute();
const markedCount = async (db: Db) =>
  Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number | string>().as('n')).where('email_pending', '=', 1).executeTakeFirstOrThrow()).n);

describeEachEngine("a reply's email is queued from its portal entry", (engine) => {
  let worker: NotificationWorker | undefined;
  // No quiet window for the reader here (REPLY_EMAIL_DELAY_SECONDS=0, on the real clock): these tests
  // are about the relay; the window is reply-email-waits-for-the-reader.test.ts's.
  const ctx = useTestApp(engine, { mail, replyEmailDelaySeconds: 0 }, { notifications: { autoStart: false, onWorker: (created) => (worker = created) } });
  const run = () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    return worker.runOnce();
  };

  it('the send shows the reply in the list at once; the next pass emails it once and queues nothing more', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    await run();
    sink.clear();

    for (const content of ['first', 'second', 'third']) {
      const sent = await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, content));
      expect(sent.statusCode).toBe(201);
    }
    const list = (await call(ctx.app, citizen, 'GET', '/api/notifications')).json() as { items: { kind: string }[]; unreadCount: number };
    expect(list.items.filter((item) => item.kind === 'reply')).toHaveLength(3);
    expect(await outboxRows(ctx.app.db, citizen.user.id)).toEqual([]);

    expect(await run()).toMatchObject({ sent: 1 });
    expect(sink.received.filter((m) => m.to.includes(citizen.user.email)).map((m) => m.mail.subject)).toEqual([expect.stringMatching(/^New reply/)]);
    expect(await outboxRows(ctx.app.db, citizen.user.id)).toEqual([{ kind: 'reply', status: 'sent', dedupe_key: `reply:${conversation.id}:${citizen.user.id}` }]);
    expect(await markedCount(ctx.app.db)).toBe(0);
    expect(await run()).toMatchObject({ sent: 0, skipped: 0 });
  });

  it('a pass that fails while queuing leaves every reply marked, and the next one queues each once', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    await run();
    for (const content of ['one', 'two']) {
      await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, content));
    }
    const repository = createNotificationsRepository(ctx.app.db);
    let queued = 0;
    const failing = repository.relayMarked(10, 15, () => {
      // The first row is queued, then the pass fails: the transaction must take the row back too.
      if ((queued += 1) === 2) throw new Error('the pass dies here');
      return { category: 'replies', dedupeKey: `reply:${conversation.id}:${citizen.user.id}` };
    });
    await expect(failing).rejects.toThrow('the pass dies here');
    expect(await markedCount(ctx.app.db)).toBe(2);
    expect(await outboxRows(ctx.app.db, citizen.user.id)).toEqual([]);

    sink.clear();
    expect(await run()).toMatchObject({ sent: 1 });
    expect(await markedCount(ctx.app.db)).toBe(0);
    expect(sink.received.filter((m) => m.to.includes(citizen.user.email))).toHaveLength(1);
  });

  it('workers side by side (two connections on PostgreSQL) take each marked reply exactly once', async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const conversations = [];
    for (let i = 0; i < 6; i += 1) conversations.push(await takenConversation(ctx.app, citizen, employee));
    await run();
    for (let round = 0; round < 10; round += 1) {
      for (const conversation of conversations) {
        await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, `reply ${round}`));
      }
    }
    expect(await markedCount(ctx.app.db)).toBe(60);

    // SQLite is one connection per file (':memory:' here): its two relays take turns on it.
    const other = engine.name === 'postgres' ? createDatabase(ctx.config.database) : undefined;
    try {
      const relays = [ctx.app.db, other?.db ?? ctx.app.db].map(async (db) => {
        const repository = createNotificationsRepository(db);
        const seen: number[] = [];
        for (;;) {
          const taken = await repository.relayMarked(4, 15, (entry) => {
            seen.push(entry.id);
            const { conversationId } = JSON.parse(entry.payload_json) as { conversationId: number };
            return { category: 'replies', dedupeKey: `reply:${conversationId}:${entry.user_id}` };
          });
          if (taken === 0) return seen;
        }
      });
      const [first = [], second = []] = await Promise.all(relays);
      expect(first.length + second.length).toBe(60);
      expect(new Set([...first, ...second]).size).toBe(60);
    } finally {
      await other?.destroy();
    }
    expect(await markedCount(ctx.app.db)).toBe(0);
    const pending = (await outboxRows(ctx.app.db, citizen.user.id)).filter((row) => row.status === 'pending');
    expect(pending.map((row) => row.dedupe_key).sort()).toEqual(conversations.map((c) => `reply:${c.id}:${citizen.user.id}`).sort());
  });
});
