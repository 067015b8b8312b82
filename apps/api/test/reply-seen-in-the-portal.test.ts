import { afterAll, beforeEach, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 35 points 9 and 11: a reply the person saw in the open chat (which marks the conversation
 * read) leaves no unread entry in their list and, read before its email was queued, sends no email
 * (through a real SMTP server). A reply not seen still gets both.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };
const MINUTE = 60_000;

describeEachEngine('a reply seen in the portal', (engine) => {
  let clock = new Date('2026-06-01T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });
  const deliver = async () => worker?.runOnce();
  const mailTo = (who: CreatedUser) => sink.received.filter((received) => received.to.includes(who.user.email));
  const unreadReplies = async (who: CreatedUser) => {
    const list = (await call(ctx.app, who, 'GET', '/api/notifications')).json<{ items: { kind: string; readAt: string | null }[]; unreadCount: number }>();
    return { replies: list.items.filter((item) => item.kind === 'reply' && item.readAt === null).length, total: list.unreadCount };
  };
  const reply = async (employee: CreatedUser, conversationId: number, text: string) => {
    const sent = await call(ctx.app, employee, 'POST', `/api/conversations/${conversationId}/messages/send`, messageBody(conversationId, employee, text));
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json<{ id: number }>().id;
  };

  let citizen: CreatedUser;
  let employee: CreatedUser;
  beforeEach(async () => {
    clock = new Date(clock.getTime() + 60 * MINUTE);
    await deliver();
    sink.clear();
    [citizen, employee] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
  });

  it('read in the open chat: its entry is read and no email is sent', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    await deliver();
    const before = mailTo(citizen).length; // the take's email
    const messageId = await reply(employee, conversation.id, 'The lamp is fixed.');
    expect(await unreadReplies(citizen)).toMatchObject({ replies: 1 });

    const read = await call(ctx.app, citizen, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: messageId });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unreadReplies(citizen)).toMatchObject({ replies: 0 });
    clock = new Date(clock.getTime() + 20 * MINUTE);
    await deliver();
    expect(mailTo(citizen)).toHaveLength(before);
  });

  it('only the replies up to the message shown: a later one stays unread and is emailed', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    await deliver();
    const before = mailTo(citizen).length;
    const first = await reply(employee, conversation.id, 'First answer.');
    await call(ctx.app, citizen, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: first });
    await reply(employee, conversation.id, 'Second answer, not seen yet.');
    expect(await unreadReplies(citizen)).toMatchObject({ replies: 1 });
    clock = new Date(clock.getTime() + MINUTE); // past the reply's minute for the reader
    await deliver();
    expect(mailTo(citizen).map((received) => received.mail.subject)).toEqual([
      ...mailTo(citizen).slice(0, before).map((received) => received.mail.subject),
      `New reply (L-${conversation.letterId}: ${conversation.subject})`,
    ]);
  });

  it('another person\u2019s reading marks nothing of the citizen\u2019s', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const messageId = await reply(employee, conversation.id, 'For the citizen.');
    // The clerk reads the whole chat: the citizen's entry stays unread.
    await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: messageId });
    expect(await unreadReplies(citizen)).toMatchObject({ replies: 1 });
  });
});
