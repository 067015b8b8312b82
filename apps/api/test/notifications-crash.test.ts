import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailConfig } from '../src/config.js';
import { type ApiProcess, startApiProcess } from './helpers/api-process.js';
import { useTestApp } from './helpers/app.js';
import { engines, type TestEngine } from './helpers/engines.js';
import { createCitizen, createEmployee } from './helpers/factories.js';
import { takenConversation } from './helpers/letters.js';
import { startSmtpSink } from './helpers/smtp-sink.js';

/*
 * Issue 18, "Crash": a real API process (src/main.ts, its worker polling as in production) is
 * killed with SIGKILL while the SMTP server holds its email's DATA unanswered. After a restart the
 * row is delivered, once, with the Message-ID the first attempt carried.
 */
const sink = await startSmtpSink();
afterAll(() => sink.close());
const PUBLIC_URL = 'https://portal.example.org';
const mail: MailConfig = { smtpUrl: sink.url, from: 'Portal <no-reply@portal.example.org>', publicUrl: PUBLIC_URL, outboxDir: '/nonexistent/mail' };

/** SQLite must be a file here: two processes open it. */
const sqliteFile: TestEngine = {
  name: 'sqlite',
  available: true,
  async create() {
    const file = join(tmpdir(), `portal-crash-${randomBytes(6).toString('hex')}.db`);
    return { config: { engine: 'sqlite', file }, drop: async () => ['', '-wal', '-shm'].forEach((end) => rmSync(`${file}${end}`, { force: true })) };
  },
};
const postgres = engines.find((engine) => engine.name === 'postgres');

for (const engine of [sqliteFile, ...(postgres ? [postgres] : [])]) {
  describe.skipIf(!engine.available)(`a worker killed mid-delivery [${engine.name}]`, () => {
    // The suite's own server only sets the scene (its worker is off: NODE_ENV=test).
    const ctx = useTestApp(engine, { mail });
    let worker: ApiProcess | undefined;

    const startWorker = () => {
      const { database, audit, jwtSecret } = ctx.config;
      return startApiProcess({
        DATABASE_URL: database.engine === 'postgres' ? database.url : `sqlite:${database.file}`,
        // Not 'test': the worker starts polling as in production.
        NODE_ENV: 'development',
        SMTP_URL: sink.url,
        PUBLIC_URL,
        AUDIT_HMAC_KEY_FILE: audit.keyFile,
        AUDIT_CHECKPOINT_FILE: audit.checkpointFile,
        ...(jwtSecret ? { JWT_SECRET: jwtSecret } : {}),
        // A busy machine (CI on 2 cores) takes its time to start tsx.
      }, { startMs: 60_000 });
    };
    const rowOf = (id: number) => ctx.app.db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    beforeAll(() => sink.clear());
    /** `promise`, or a failure that shows what the worker process printed. */
    const within = <T,>(promise: Promise<T>, what: string) =>
      Promise.race([
        promise,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${what} did not happen in time; the worker printed:\n${worker?.output() ?? ''}`)), 60_000).unref(),
        ),
      ]);
    afterAll(async () => worker?.stop());

    it('the row is delivered after a restart, exactly once, with the same Message-ID', async () => {
      const [citizen, employee] = await Promise.all([createCitizen(ctx.app), createEmployee(ctx.app)]);
      const held = sink.holdNext();
      await takenConversation(ctx.app, citizen, employee);
      const [queued] = await ctx.app.db.selectFrom('notification_outbox').select('id').where('user_id', '=', citizen.user.id).execute();
      if (!queued) throw new Error('taking the letter queued no email');

      worker = await startWorker();
      const first = await within(held, 'the first delivery attempt');
      expect(first.mail.messageId).toBe(`<notification-${queued.id}@portal.example.org>`);
      // Mid-delivery: the SMTP server has the message but has not said 250.
      worker.child.kill('SIGKILL');
      expect(await worker.exited).toBe('SIGKILL');
      const orphan = await rowOf(queued.id);
      expect(orphan).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(orphan.locked_until).not.toBeNull();
      expect(sink.received).toEqual([]);

      // The dead process's lease (5 minutes) runs out: moved into the past rather than waited for.
      await ctx.app.db.updateTable('notification_outbox').set({ locked_until: new Date(Date.now() - 1_000).toISOString() }).where('id', '=', queued.id).execute();
      const delivered = sink.nextReceived();
      worker = await startWorker();
      expect((await within(delivered, 'the delivery after the restart')).mail.messageId).toBe(first.mail.messageId);
      await vi.waitFor(async () => expect((await rowOf(queued.id)).status).toBe('sent'), { timeout: 15_000, interval: 100 });
      await worker.stop();

      expect(sink.received.map((m) => m.mail.messageId)).toEqual([first.mail.messageId]);
      expect(sink.received[0]?.to).toEqual([citizen.user.email]);
      expect(await rowOf(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
    }, 240_000);
  });
}
