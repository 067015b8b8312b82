import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLOSE_ACCOUNT_INACTIVE, type RealtimeEvent } from '@portal/contract';
import { createUsersRepository } from '../src/modules/users/repository.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, createLetter, messageBody, takenConversation } from './helpers/letters.js';
import { connectLive, type LiveAuth, type LiveClient, settle } from './helpers/live-client.js';

/** The conversation an event is about (a case's status event is about none). */
const conversationOf = (event: RealtimeEvent) => ('conversationId' in event ? event.conversationId : undefined);

describeEachEngine('live updates over GET /api/ws', (engine) => {
  const ctx = useTestApp(engine);
  let baseUrl = '';
  let citizen: CreatedUser;
  let otherCitizen: CreatedUser;
  let employee: CreatedUser;
  let otherEmployee: CreatedUser;
  let admin: CreatedUser;
  const clients: LiveClient[] = [];
  const connect = async (who: CreatedUser, how: LiveAuth = 'ticket') => {
    const client = await connectLive(baseUrl, who.token, how);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    [citizen, otherCitizen, employee, otherEmployee, admin] = await Promise.all([
      createCitizen(ctx.app),
      createCitizen(ctx.app),
      createEmployee(ctx.app),
      createEmployee(ctx.app),
      createAdmin(ctx.app),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('refuses the upgrade without a valid token, and for a deactivated account', async () => {
    await expect(connectLive(baseUrl, '')).rejects.toThrow(/401/);
    await expect(connectLive(baseUrl, 'not.a.token')).rejects.toThrow(/401/);
    const disabled = await createCitizen(ctx.app, { enabled: false });
    await expect(connectLive(baseUrl, disabled.token)).rejects.toThrow(/401/);
  });

  it('refuses a handshake from a page on a foreign origin, even with a valid token', async () => {
    await expect(connectLive(baseUrl, citizen.token, 'ticket', 'https://evil.example')).rejects.toThrow(/403/);
    const own = await connectLive(baseUrl, citizen.token, 'ticket', baseUrl);
    clients.push(own);
    const listed = await ctx.build({ corsOrigins: ['https://portal.example.org'] });
    await listed.listen({ port: 0, host: '127.0.0.1' });
    const listedUrl = `http://127.0.0.1:${(listed.server.address() as AddressInfo).port}`;
    clients.push(await connectLive(listedUrl, citizen.token, 'ticket', 'https://portal.example.org'));
  });

  it('keeps the ticket of a WebSocket address out of the request log', async () => {
    const lines: string[] = [];
    const logged = await ctx.build({ logLevel: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    const live = await connectLive(`http://127.0.0.1:${(logged.server.address() as AddressInfo).port}`, citizen.token);
    await live.close();
    await settle(100);
    const requestLines = lines.filter((line) => line.includes('/api/ws'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join('\n')).toContain('ticket=[redacted]');
    expect(lines.join('\n')).not.toContain(citizen.token);
  });

  it('closes the open socket of an account deactivated meanwhile at the next heartbeat', async () => {
    // A heartbeat the test client answers even on a loaded machine (at 100 ms a late pong under a full
    // suite ended the socket as unanswered: 1006).
    const quick = await ctx.build({}, { liveHeartbeatMs: 300 });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    const leaving = await createCitizen(ctx.app);
    const live = await connectLive(`http://127.0.0.1:${(quick.server.address() as AddressInfo).port}`, leaving.token);
    clients.push(live);
    // Active: several heartbeats pass and the socket stays open.
    expect(await Promise.race([live.closed, settle(1_000).then(() => 'still open')])).toBe('still open');
    await createUsersRepository(ctx.app.db).setEnabled(leaving.user.id, false);
    const code = await Promise.race([live.closed, settle(3_000).then(() => 'still open')]);
    expect(code).toBe(CLOSE_ACCOUNT_INACTIVE);
  });

  it('tells the citizen and the employee about each other\u2019s messages and every status change, and nobody else', async () => {
    const conversation = await createLetter(ctx.app, citizen);
    const [citizenLive, employeeLive, outsiderLive, otherEmployeeLive] = await Promise.all([
      connect(citizen, 'ticket'),
      connect(employee, 'header'),
      connect(otherCitizen),
      connect(otherEmployee),
    ]);
    const about = (type: 'message' | 'status') => (event: RealtimeEvent) =>
      event.type === type && conversationOf(event) === conversation.id;

    await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/take?employeeId=${employee.user.id}`);
    const taken = await citizenLive.waitFor((event) => about('status')(event) && event.type === 'status' && event.status === 'IN_PROGRESS');
    expect(taken).toMatchObject({ employeeId: employee.user.id });

    await call(ctx.app, employee, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, employee, 'We are on it.'));
    expect(await citizenLive.waitFor(about('message'))).toMatchObject({ message: { content: 'We are on it.', senderId: employee.user.id } });

    await call(ctx.app, citizen, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, citizen, 'Thanks!'));
    const reply = await employeeLive.waitFor((event) => about('message')(event) && event.type === 'message' && event.message.content === 'Thanks!');
    expect(reply).toMatchObject({ message: { senderId: citizen.user.id } });

    await call(ctx.app, employee, 'PUT', `/api/conversations/${conversation.id}/status`, { status: 'RESOLVED' });
    for (const live of [citizenLive, employeeLive]) {
      const resolved = await live.waitFor((event) => about('status')(event) && event.type === 'status' && event.status === 'RESOLVED');
      expect(resolved).toMatchObject({ resolvedDate: expect.any(String) });
    }

    await settle();
    expect(outsiderLive.events.filter((event) => conversationOf(event) === conversation.id)).toEqual([]);
    // Another employee learns only that it was taken (it leaves their Take list), never the chat.
    // (Its arrival as OPEN may also show up: publishing does not hold up the letter's answer.)
    expect(
      otherEmployeeLive.events.filter((event) => conversationOf(event) === conversation.id && !(event.type === 'status' && event.status === 'OPEN')),
    ).toEqual([{ type: 'status', conversationId: conversation.id, status: 'IN_PROGRESS', resolvedDate: null, employeeId: employee.user.id }]);
    // Each message reached each participant exactly once.
    const citizenMessages = citizenLive.events.filter(about('message'));
    expect(citizenMessages.length).toBe(2);
  });

  it('tells every employee and admin, but no other citizen, that a new letter arrived', async () => {
    const [employeeLive, adminLive, outsiderLive] = await Promise.all([connect(otherEmployee), connect(admin), connect(otherCitizen)]);
    const conversation = await createLetter(ctx.app, citizen);
    const arrived = (event: RealtimeEvent) => event.type === 'status' && conversationOf(event) === conversation.id;
    for (const live of [employeeLive, adminLive]) {
      expect(await live.waitFor(arrived)).toMatchObject({ status: 'OPEN', employeeId: null });
    }
    await settle();
    expect(outsiderLive.events.filter(arrived)).toEqual([]);
  });

  it('lets an admin follow any conversation, but not another citizen or employee someone else\u2019s', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const [adminLive, nosyLive, nosyEmployeeLive] = await Promise.all([connect(admin), connect(otherCitizen), connect(otherEmployee)]);
    adminLive.send({ type: 'subscribe', conversationId: conversation.id });
    nosyLive.send({ type: 'subscribe', conversationId: conversation.id });
    nosyEmployeeLive.send({ type: 'subscribe', conversationId: conversation.id });
    nosyLive.send('not json at all');
    await settle(200);

    await call(ctx.app, citizen, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, citizen, 'Hello admin'));
    // Admins are staff, so the take's status event may also arrive (published without holding the
    // answer); following is about the chat's messages.
    const chatOf = (event: RealtimeEvent) => event.type === 'message' && conversationOf(event) === conversation.id;
    expect(await adminLive.waitFor(chatOf)).toMatchObject({ message: { content: 'Hello admin' } });
    await settle();
    expect(nosyLive.events.filter((event) => conversationOf(event) === conversation.id)).toEqual([]);
    expect(nosyEmployeeLive.events.filter(chatOf)).toEqual([]);

    adminLive.send({ type: 'unsubscribe', conversationId: conversation.id });
    await settle(200);
    const seen = adminLive.events.filter(chatOf).length;
    await call(ctx.app, citizen, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, citizen, 'Still there?'));
    await settle();
    expect(adminLive.events.filter(chatOf).length).toBe(seen);
  });
});
