import { afterAll, expect, it, vi } from 'vitest';
import type { MailConfig } from '../src/config.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 18: an email goes out within moments of the commit that queued it, not at the worker's
 * next poll. The process that queued it wakes its own worker once the commit is done (PostgreSQL:
 * after the commit that carried the outbox row returned; SQLite: after the enqueue, whose claim
 * waits for the one connection). The poll here is an hour away: only that wake can deliver.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = {
  smtpUrl: sink.url,
  from: 'Portal <no-reply@portal.example.org>',
  publicUrl: 'https://portal.example.org',
  outboxDir: '/nonexistent/mail',
};
const HOUR = 3_600_000;

describeEachEngine("the commit that queues an email wakes its process's worker", (engine) => {
  // A reply's email waits for its reader (REPLY_EMAIL_DELAY_SECONDS) and then goes at a poll; with
  // no wait it goes at the wake, as every other email does.
  const ctx = useTestApp(engine, { mail, replyEmailDelaySeconds: 0 }, { notifications: { autoStart: true, pollMs: HOUR, scheduleMs: HOUR } });

  it("delivers each change's email without waiting for the poll", async () => {
    const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    const subjects = () => sink.received.filter((m) => m.to.includes(citizen.user.email)).map((m) => m.mail.subject);
    const arrived = (expected: RegExp[]) =>
      vi.waitFor(() => expect(subjects()).toEqual(expected.map((subject) => expect.stringMatching(subject))), { timeout: 10_000, interval: 20 });
    // The worker's first pass (at start) is long over once this first email has arrived.
    const conversation = await takenConversation(ctx.app, citizen, employee);
    await arrived([/^A clerk is handling your letter/]);

    const sent = await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'We are on it'));
    expect(sent.statusCode).toBe(201);
    await arrived([/^A clerk is handling your letter/, /^New reply/]);
  });
});
