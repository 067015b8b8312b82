import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailConfig } from '../src/config.js';
import type { NotificationWorker } from '../src/modules/notifications/index.js';
import { useTestApp } from './helpers/app.js';
import { engines } from './helpers/engines.js';
import { type CreatedUser, createCitizen, createEmployee } from './helpers/factories.js';
import { obligationBody } from './helpers/obligations.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

const postgres = engines.find((engine) => engine.name === 'postgres');
if (!postgres) throw new Error('the postgres test engine is missing');

const sink = await startSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'Portal <no-reply@portal.example.org>', publicUrl: 'https://portal.example.org', outboxDir: '/nonexistent/mail' };
// 200 by default (the suite's time); NOTIFY_EVENTS=1000 for the figure.
const EVENTS = Number(process.env.NOTIFY_EVENTS ?? 200);

// Two API servers (each with its own pool and worker) on one PostgreSQL database: the outbox's
// claims (FOR UPDATE SKIP LOCKED) must hand every row to exactly one of them.
describe.skipIf(!postgres.available)('notifications with two API processes on one PostgreSQL database [postgres]', () => {
  const workers: NotificationWorker[] = [];
  const options = { notifications: { autoStart: false, onWorker: (worker: NotificationWorker) => void workers.push(worker), policy: { batchSize: 10 } } };
  const ctx = useTestApp(postgres, { mail }, options);
  let second: FastifyInstance;
  let citizen: CreatedUser;
  let employee: CreatedUser;

  beforeAll(async () => {
    second = await ctx.build({}, options);
    [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
  });

  it(`delivers each of ${EVENTS} notifications exactly once to the SMTP server`, async () => {
    // The events come in through both servers, 20 at a time.
    for (let start = 0; start < EVENTS; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const app = (start + index) % 2 === 0 ? ctx.app : second;
          const response = await app.inject({ method: 'POST', url: '/api/financial-obligations', headers: employee.headers, payload: obligationBody(citizen) });
          expect(response.statusCode).toBe(201);
        }),
      );
    }
    expect(workers).toHaveLength(2);
    const results = await Promise.all(workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]));

    const ids = sink.received.map((received) => received.mail.messageId);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(EVENTS);
    // Both servers took part.
    const sentBy = (first: number) => (results[first]?.sent ?? 0) + (results[first + 1]?.sent ?? 0);
    const [a, b] = [sentBy(0), sentBy(2)];
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const pending = await ctx.app.db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '<>', 'sent')
      .executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(0);
  }, Math.max(120_000, EVENTS * 400));
});
