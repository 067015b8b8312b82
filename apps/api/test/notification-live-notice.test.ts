import type { AddressInfo } from 'node:net';
import type { RealtimeEvent } from '@portal/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'City Service Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };

const isNotice = (event: RealtimeEvent) => event.type === 'notification';

/**
 * Issue 31: a portal entry's live notice is sent when the entry commits. A clerk's reply waits a
 * minute for its email (issue 35 point 9), a second one in a conversation that emailed the citizen
 * minutes ago 15 minutes; the header's count on the citizen's open page waits for neither.
 */
describeEachEngine('the live notice of a portal entry', (engine) => {
  let clock = new Date('2026-03-02T08:00:00.000Z');
  let worker: NotificationWorker | undefined;
  const ctx = useTestApp(engine, { mail }, { notifications: { autoStart: false, now: () => clock, onWorker: (created) => (worker = created) } });
  const deliver = async () => {
    if (!worker) throw new Error('the worker is handed over when the server is built');
    return worker.runOnce();
  };
  let citizen: CreatedUser;
  let clerk: CreatedUser;
  let live: LiveClient;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    [citizen, clerk] = [await createCitizen(ctx.app), await createEmployee(ctx.app)];
    live = await connectLive(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, citizen.token);
  });
  afterAll(() => live.close());

  const unreadCount = async () => ((await call(ctx.app, citizen, 'GET', '/api/notifications')).json() as { unreadCount: number }).unreadCount;
  const notices = () => live.events.filter(isNotice);
  const reply = async (conversationId: number, content: string) => {
    const sent = await call(ctx.app, clerk, 'POST', `/api/conversations/${conversationId}/messages/send`, messageBody(conversationId, clerk, content));
    expect(sent.statusCode, sent.body).toBe(201);
  };
  /** Resolves once the socket holds `count` notices (the push crosses the bus and the socket). */
  const noticesReach = (count: number) => live.waitFor(() => notices().length >= count, 2_000);

  it('reaches the citizen\u2019s open socket at the commit of a second reply whose email waits for its quiet window', async () => {
    const conversation = await takenConversation(ctx.app, citizen, clerk);
    await deliver();
    await noticesReach(1);

    await reply(conversation.id, 'We have your letter.');
    await deliver(); // the first reply's email waits a minute for the reader; its notice does not
    await noticesReach(2);
    expect(sink.received.filter((m) => m.to.includes(citizen.user.email))).toHaveLength(1);
    clock = new Date(clock.getTime() + 60_000);
    await deliver();
    expect(sink.received.filter((m) => m.to.includes(citizen.user.email))).toHaveLength(2);

    clock = new Date(clock.getTime() + 60_000);
    await reply(conversation.id, 'A second reply, a minute later.');
    clock = new Date(clock.getTime() + 60_000);
    await deliver(); // past its minute, its email waits for the 15-minute quiet window: nothing is sent now
    expect(sink.received.filter((m) => m.to.includes(citizen.user.email))).toHaveLength(2);

    await noticesReach(3);
    expect(notices()).toEqual([
      { type: 'notification', kind: 'letter-taken' },
      { type: 'notification', kind: 'reply' },
      { type: 'notification', kind: 'reply' },
    ]);
    expect(await unreadCount()).toBe(3);
  });
});
