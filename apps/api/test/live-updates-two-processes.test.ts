import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { useTestApp } from './helpers/app.js';
import { engines } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { call, messageBody, takenConversation } from './helpers/letters.js';
import { connectLive, type LiveClient } from './helpers/live-client.js';

const postgres = engines.find((engine) => engine.name === 'postgres');
if (!postgres) throw new Error('the postgres test engine is missing');
// Only PostgreSQL can join processes (LISTEN/NOTIFY); SQLite runs one process by design.
describe.skipIf(!postgres.available)('two API processes on one PostgreSQL database [postgres]', () => {
  const ctx = useTestApp(postgres);
  let processB: ApiProcess | undefined;
  let baseUrlA = '';
  let baseUrlB = '';
  let citizen: CreatedUser;
  let employee: CreatedUser;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    if (ctx.config.database.engine !== 'postgres') throw new Error('expected PostgreSQL');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrlA = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    processB = await startApiProcess({
      DATABASE_URL: ctx.config.database.url,
      // The suite's keys: B signs and verifies sessions with the key A generated beside its audit key.
      AUDIT_HMAC_KEY_FILE: ctx.config.audit.keyFile,
      AUDIT_CHECKPOINT_FILE: ctx.config.audit.checkpointFile,
    });
    baseUrlB = processB.baseUrl;
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
    // The second process's start (a tsx compile) beside Chromium and the other workers: see api-process.ts.
  }, 90_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await processB?.stop();
  });

  it('delivers a message sent through process A to a WebSocket client of process B, and back', async () => {
    expect(baseUrlB).not.toBe(baseUrlA);
    const conversation = await takenConversation(ctx.app, citizen, employee);
    const citizenOnB = await connectLive(baseUrlB, citizen.token);
    const employeeOnA = await connectLive(baseUrlA, employee.token);
    clients.push(citizenOnB, employeeOnA);

    // Sent through process A (over HTTP, as a browser would).
    const sent = await fetch(`${baseUrlA}/api/conversations/${conversation.id}/messages/send`, {
      method: 'POST',
      headers: { ...employee.headers, 'content-type': 'application/json' },
      body: JSON.stringify(messageBody(conversation.id, employee, 'Sent through process A')),
    });
    expect(sent.status).toBe(201);
    const received = await citizenOnB.waitFor((event) => event.type === 'message' && event.conversationId === conversation.id);
    expect(received).toMatchObject({ message: { content: 'Sent through process A', senderId: employee.user.id } });

    // And the other way: through process B's HTTP to process A's socket.
    const back = await fetch(`${baseUrlB}/api/conversations/${conversation.id}/messages/send`, {
      method: 'POST',
      headers: { ...citizen.headers, 'content-type': 'application/json' },
      body: JSON.stringify(messageBody(conversation.id, citizen, 'Answered through process B')),
    });
    expect(back.status).toBe(201);
    const answer = await employeeOnA.waitFor(
      (event) => event.type === 'message' && event.message.content === 'Answered through process B',
    );
    expect(answer).toMatchObject({ conversationId: conversation.id, message: { senderId: citizen.user.id } });

    // Both processes wrote to the one database: each message is stored once.
    const list = await call(ctx.app, citizen, 'GET', `/api/conversations/${conversation.id}/messages`);
    expect(list.json()).toHaveLength(2);
  });
});
