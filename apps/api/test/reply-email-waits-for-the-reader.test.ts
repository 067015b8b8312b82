import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 35 point 9: no email for a reply already read in the portal. A reply's email waits a quiet
 * window (REPLY_EMAIL_DELAY_SECONDS, a minute by default) so a person in the open chat, which marks
 * the conversation read, gets none; a reply nobody read is emailed once, when the window ends.
 * Through a real SMTP server, with the worker's clock moved by hand.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };
const SECOND = 1_000;

describe('REPLY_EMAIL_DELAY_SECONDS', () => {
  it('is a minute unless set, and a whole number of seconds when set', () => {
    expect(loadConfig({}).replyEmailDelaySeconds).toBe(60);
    expect(loadConfig({ REPLY_EMAIL_DELAY_SECONDS: '300' }).replyEmailDelaySeconds).toBe(300);
    expect(() => loadConfig({ REPLY_EMAIL_DELAY_SECONDS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ REPLY_EMAIL_DELAY_SECONDS: '-1' })).toThrow(/REPLY_EMAIL_DELAY_SECONDS/);
  });
});

describeEachEngine("a reply's email waits for the reader", (engine) => {
  let clock = new Date('2026-06-01T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });
  const at = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const deliver = async () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    return worker.runOnce();
  };
  const replyEmailsTo = (who: CreatedUser) => sink.received.filter((received) => received.to.includes(who.user.email) && /^New reply/.test(received.mail.subject ?? ''));

  let citizen: CreatedUser;
  let employee: CreatedUser;
  let conversation: Awaited<ReturnType<typeof takenConversation>>;
  let replyId: number;
  beforeEach(async () => {
    at(60 * 60 * SECOND);
    [citizen, employee] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    conversation = await takenConversation(ctx.app, citizen, employee);
    await deliver(); // the take's email
    sink.clear();
    const sent = await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'The lamp is fixed.'));
    expect(sent.statusCode, sent.body).toBe(201);
    replyId = sent.json<{ id: number }>().id;
  });

  it('read in the portal within the minute: no email, then or later', async () => {
    at(30 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toEqual([]);
    const read = await call(ctx.app, citizen, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: replyId });
    expect(read.statusCode, read.body).toBe(200);

    at(31 * SECOND);
    await deliver();
    at(20 * 60 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toEqual([]);
  });

  it('not read: one email once the minute is over, naming the letter, and no other after it', async () => {
    at(59 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toEqual([]);

    at(1 * SECOND);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(replyEmailsTo(citizen).map((received) => received.mail.subject)).toEqual([`New reply (L-${conversation.letterId}: ${conversation.subject})`]);

    at(20 * 60 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toHaveLength(1);
    // The clerk, who wrote it, is told nothing.
    expect(replyEmailsTo(employee)).toEqual([]);
  });

  it('read after its email went: nothing more is sent (the email was the news)', async () => {
    at(60 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toHaveLength(1);
    await call(ctx.app, citizen, 'PUT', `/api/conversations/${conversation.id}/read`, { lastReadMessageId: replyId });
    at(20 * 60 * SECOND);
    await deliver();
    expect(replyEmailsTo(citizen)).toHaveLength(1);
  });
});
