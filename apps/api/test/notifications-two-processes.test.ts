import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MailConfig } from '../src/config.js';
import { createNotificationsRepository } from '../src/modules/notifications/repository.js';
import { createNotificationsService } from '../src/modules/notifications/service.js';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.js';
import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { useTestApp } from './helpers/app.js';
import { engines } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';
import { startCountingSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 18: "PostgreSQL with two API processes: each notification delivered exactly once to the
 * SMTP server across 1,000 events". Two real API processes (src/main.ts), each running the worker
 * as in production (the events are written here, by a process without a worker, so theirs find
 * them by polling and claim batch after batch while rows are due), on one PostgreSQL
 * database; a real SMTP server here. The events are committed while both processes deliver, so
 * their claims (FOR UPDATE SKIP LOCKED) race each other and the inserts.
 */
const postgres = engines.find((engine) => engine.name === 'postgres');
if (!postgres) throw new Error('the postgres test engine is missing');

const EVENTS = 1_000;
const WRITERS = 4;
const PER_TRANSACTION = 10;
const PUBLIC_URL = 'https://portal.example.org';
const sink = await startCountingSmtpSink();
afterAll(() => sink.close());
const mail: MailConfig = { smtpUrl: sink.url, from: 'Portal <no-reply@portal.example.org>', publicUrl: PUBLIC_URL, outboxDir: '/nonexistent/mail' };

describe.skipIf(!postgres.available)('notifications with two API processes on one PostgreSQL database [postgres]', () => {
  // The suite's own server only sets the scene (its worker is off: NODE_ENV=test).
  const ctx = useTestApp(postgres, { mail });
  const processes: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((api) => api.stop()));
  });

  it(`delivers each of ${EVENTS} notifications exactly once to the SMTP server`, async () => {
    const citizen = await createCitizen(ctx.app);
    const { database, audit, jwtSecret } = ctx.config;
    if (database.engine !== 'postgres') throw new Error('this test needs PostgreSQL');
    // Each process sends from its own address, so the SMTP server can tell who delivered what.
    const senders = ['one', 'two'].map((name) => `no-reply-${name}@portal.example.org`);
    const starting = Promise.all(
      senders.map((address) =>
        startApiProcess(
          {
            DATABASE_URL: database.url,
            // Not 'test': the worker starts as in production.
            NODE_ENV: 'development',
            SMTP_URL: sink.url,
            MAIL_FROM: `Portal <${address}>`,
            PUBLIC_URL,
            AUDIT_HMAC_KEY_FILE: audit.keyFile,
            AUDIT_CHECKPOINT_FILE: audit.checkpointFile,
            ...(jwtSecret ? { JWT_SECRET: jwtSecret } : {}),
          },
          // A busy machine (CI on 2 cores) takes its time to start tsx.
          { startMs: 60_000 },
        ).then((api) => void processes.push(api)),
      ),
    );
    // Awaited below, after the first writes; a failure to start is reported there.
    starting.catch(() => undefined);

    // The events through the production enqueue, a few to a transaction (the suite's time): half
    // while the processes start (a backlog both claim from at once), half while they deliver.
    const notifications = createNotificationsService({
      db: ctx.app.db,
      notifications: createNotificationsRepository(ctx.app.db),
      tokens: createUnsubscribeTokens('a key for this test only'),
      now: () => new Date(),
    });
    const write = async (first: number, last: number) => {
      let next = first;
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (next <= last) {
            const events = Array.from({ length: Math.min(PER_TRANSACTION, last - next + 1) }, () => next++);
            await ctx.app.db.transaction().execute(async (trx) => {
              for (const n of events) await notifications.enqueue(trx, citizen.user.id, { kind: 'case-status', caseId: n, status: 'IN_PROGRESS' });
            });
          }
        }),
      );
    };
    await write(1, EVENTS / 2);
    await starting;
    await write(EVENTS / 2 + 1, EVENTS);

    const printed = () => processes.map((api) => api.output()).join('\n');
    await Promise.race([
      sink.received(EVENTS),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${sink.accepted.length} of ${EVENTS} emails arrived; the processes printed:\n${printed()}`)), 60_000).unref(),
      ),
    ]);
    // Once every row is marked sent no process can claim one again: nothing more can arrive.
    const unsent = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('notification_outbox')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '<>', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await vi.waitFor(async () => expect(await unsent()).toBe(0), { timeout: 15_000, interval: 50 });
    await Promise.all(processes.splice(0).map((api) => api.stop()));

    // Exactly once: as many messages as events, each with its own notification's Message-ID,
    // each event's case in exactly one subject.
    const rows = await ctx.app.db.selectFrom('notification_outbox').select('id').where('user_id', '=', citizen.user.id).execute();
    expect(rows).toHaveLength(EVENTS);
    expect(sink.accepted).toHaveLength(EVENTS);
    expect(new Set(sink.accepted.map((m) => m.messageId))).toEqual(new Set(rows.map((row) => `<notification-${row.id}@portal.example.org>`)));
    const cases = sink.accepted.map((m) => Number(/\(C-(\d+)\)$/.exec(m.subject)?.[1]));
    expect(new Set(cases)).toEqual(new Set(Array.from({ length: EVENTS }, (_, index) => index + 1)));
    expect(new Set(sink.accepted.flatMap((m) => m.to))).toEqual(new Set([citizen.user.email]));
    // Both processes took part.
    for (const sender of senders) expect(sink.accepted.filter((m) => m.mailFrom === sender).length).toBeGreaterThan(0);
  }, 150_000);
});
