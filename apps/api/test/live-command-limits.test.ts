import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOSE_POLICY_VIOLATION, type RealtimeEvent } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../src/config.js';
import { createCommandIntake, DEFAULT_COMMAND_LIMITS } from '../src/plugins/realtime/command-limiter.js';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createAdmin, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { connectLive, type LiveClient, settle } from './helpers/live-client.js';

describe('a socket\u2019s command intake', () => {
  it('lets a burst through, then refills at the rate', () => {
    let clock = 0;
    const intake = createCommandIntake({ perSecond: 2, burst: 3, queueMax: 10 }, () => undefined, () => clock);
    expect([intake.admit(), intake.admit(), intake.admit()]).toEqual([true, true, true]);
    clock = 500; // one frame's worth at 2 per second
    expect(intake.admit()).toBe(true);
  });

  it('refuses every frame once the rate was exceeded, even after a pause', () => {
    let clock = 0;
    const intake = createCommandIntake({ perSecond: 2, burst: 2, queueMax: 10 }, () => undefined, () => clock);
    expect([intake.admit(), intake.admit(), intake.admit()]).toEqual([true, true, false]);
    clock = 60_000;
    expect(intake.admit()).toBe(false);
  });

  it('queues at most queueMax unfinished commands and runs them one after another', async () => {
    const intake = createCommandIntake({ perSecond: 100, burst: 100, queueMax: 2 }, () => undefined);
    const order: string[] = [];
    let release = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const first = async () => {
      await blocked;
      order.push('first');
    };
    expect(intake.enqueue(first)).toBe(true);
    expect(intake.enqueue(async () => void order.push('second'))).toBe(true);
    expect(intake.enqueue(async () => void order.push('third'))).toBe(false);
    release();
    await vi.waitFor(() => expect(order).toEqual(['first', 'second']));
  });
});

describe('the command limits in the configuration', () => {
  it('has defaults far above an honest client, and reads WS_COMMANDS_PER_SECOND, WS_COMMAND_BURST and WS_COMMAND_QUEUE_MAX', () => {
    expect(DEFAULT_COMMAND_LIMITS).toEqual({ perSecond: 20, burst: 60, queueMax: 20 });
    expect(loadConfig({}).liveCommands).toEqual({ perSecond: 20, burst: 60, queueMax: 20 });
    const set = loadConfig({ WS_COMMANDS_PER_SECOND: '5', WS_COMMAND_BURST: '10', WS_COMMAND_QUEUE_MAX: '3' });
    expect(set.liveCommands).toEqual({ perSecond: 5, burst: 10, queueMax: 3 });
    expect(() => loadConfig({ WS_COMMAND_BURST: '0' })).toThrow(ConfigError);
  });
});

describeEachEngine('WebSocket command limits', (engine) => {
  const ctx = useTestApp(engine);
  const limits = { perSecond: 10, burst: 30, queueMax: 10 };
  let limited: FastifyInstance;
  let baseUrl = '';
  let citizen: CreatedUser;
  let employee: CreatedUser;
  let admin: CreatedUser;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    limited = await ctx.build({ liveCommands: limits });
    await limited.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}`;
    [citizen, employee, admin] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app), createAdmin(ctx.app)]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('closes a socket that floods subscribe frames with 1008, having checked only a bounded number of them', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const permits = vi.spyOn(limited.accessControl, 'permits');
    const flooder = await connectLive(baseUrl, admin.token, 'header');
    clients.push(flooder);
    for (let i = 0; i < 5_000; i += 1) flooder.send({ type: 'subscribe', conversationId: conversation.id });
    expect(await flooder.closed).toBe(CLOSE_POLICY_VIOLATION);
    expect(permits.mock.calls.length).toBeLessThanOrEqual(limits.burst);
    permits.mockRestore();
    expect((await call(limited, null, 'GET', '/healthz')).statusCode).toBe(200);
  });

  it('closes a socket flooding frames that are not even commands', async () => {
    const flooder = await connectLive(baseUrl, citizen.token, 'header');
    clients.push(flooder);
    for (let i = 0; i < 1_000; i += 1) flooder.send('not json at all');
    expect(await flooder.closed).toBe(CLOSE_POLICY_VIOLATION);
  });

  it('keeps an honest client that follows and leaves a conversation a few times', async () => {
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const live = await connectLive(baseUrl, admin.token, 'header');
    clients.push(live);
    for (let i = 0; i < 4; i += 1) {
      live.send({ type: 'subscribe', conversationId: conversation.id });
      live.send({ type: 'unsubscribe', conversationId: conversation.id });
    }
    live.send({ type: 'subscribe', conversationId: conversation.id }); // 9 commands at once, within the queue's 10
    await settle(200);
    const sent = await call(limited, citizen, 'POST', `/api/conversations/${conversation.id}/messages/send`, messageBody(conversation.id, citizen, 'Ping'));
    expect(sent.statusCode, sent.body).toBe(201);
    // The commands applied in order: the last subscribe won, and the chat reaches the admin.
    const chatOf = (event: RealtimeEvent) => event.type === 'message' && event.conversationId === conversation.id;
    expect(await live.waitFor(chatOf)).toMatchObject({ message: { content: 'Ping' } });
    expect(live.isOpen()).toBe(true);
  });
});
