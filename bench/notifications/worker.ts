// One API process of the notifications benchmark: the real server (buildServer) on the driver's
// database, its delivery worker running as in production (NODE_ENV=development: woken by each
// commit, a poll a second as the fallback), sending to the driver's SMTP sink. The events are
// written here, in this process, as an API process writes them: each in its own transaction
// through the notifications service on the server's own database handle. It serves no portal
// HTTP; a control port takes POST /write (which events, when) and answers when each committed,
// and GET / answers the process's CPU time so far.
// Prints one ready line; stops on SIGTERM or when the driver (stdin) goes away.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../apps/api/src/config.js';
import { createNotificationsRepository } from '../../apps/api/src/modules/notifications/repository.js';
import { createNotificationsService } from '../../apps/api/src/modules/notifications/service.js';
import { createUnsubscribeTokens } from '../../apps/api/src/modules/notifications/unsubscribe-token.js';
import type { NotificationWorker } from '../../apps/api/src/modules/notifications/index.js';
import { buildServer } from '../../apps/api/src/server.js';
import { benchConfig } from '../harness/server.js';
import type { BenchEngine, ReadyLine } from '../harness/protocol.js';

/**
 * POST /write: events first + offset, first + offset + step, … up to last (the processes share a
 * range by offset); event n at `start` + (n - first) / rate seconds (wall clock), or, without a
 * rate, as fast as `writers` writers can.
 */
export interface WriteCommand {
  recipientId: number;
  first: number;
  offset: number;
  last: number;
  step: number;
  /** Events per second over the whole range (all processes together); null: as fast as possible. */
  rate: number | null;
  start: number;
  writers: number;
}
/** The answer: [event, wall-clock ms of its commit] for each event written. */
export type Committed = [number, number][];

const engine = process.argv[2] as BenchEngine;
const database = JSON.parse(process.env.BENCH_NOTIFY_DATABASE ?? 'null') as Config['database'] | null;
const smtpUrl = process.env.BENCH_NOTIFY_SMTP_URL;
if (!database || !smtpUrl) {
  console.error('bench/notifications/worker.ts is started by bench/notifications/run.ts');
  process.exit(2);
}

const config: Config = {
  ...benchConfig(database),
  mail: { smtpUrl, from: 'Portal <no-reply@bench.example.org>', publicUrl: 'https://bench.example.org', outboxDir: '/nonexistent/mail' },
};
let worker: NotificationWorker | undefined;
const app = await buildServer(config, { notifications: { onWorker: (created) => (worker = created) } });
// onReady starts the worker.
await app.ready();

// The notifications module's own service is not exposed; this one writes the same rows on the
// same database handle and, like the module on SQLite, wakes the worker from its enqueue (its
// claim then waits for SQLite's one connection, i.e. for the commit); on PostgreSQL the commit that
// carried its row wakes it (db/with-commit.ts).
const notifications = createNotificationsService({
  db: app.db,
  notifications: createNotificationsRepository(app.db),
  tokens: createUnsubscribeTokens('the benchmark key, never a real one'),
  now: () => new Date(),
});
if (engine === 'sqlite' && worker) notifications.onEnqueued(worker.wake);

// The system clock, read the same way in the driver and the API processes (commit and acceptance
// are noted in different processes).
const wallMs = () => Date.now();

async function write(command: WriteCommand): Promise<Committed> {
  const committed: Committed = [];
  const events: number[] = [];
  for (let n = command.first + command.offset; n <= command.last; n += command.step) events.push(n);
  // A case status change: its email has no delivery check (an obligation's asks whether it is still unpaid).
  const enqueue = async (n: number) => {
    await app.db.transaction().execute((trx) =>
      notifications.enqueue(trx, command.recipientId, { kind: 'case-status', caseId: n, status: 'IN_PROGRESS' }),
    );
    committed.push([n, wallMs()]);
  };
  let next = 0;
  if (command.rate === null) {
    await Promise.all(Array.from({ length: command.writers }, async () => {
      while (next < events.length) await enqueue(events[next++] ?? 0);
    }));
    return committed;
  }
  // Each event on its own schedule; at most `writers` commits in flight (a late one is late: its
  // latency counts from its commit, and a pile of waiting transactions would only exhaust the pool).
  const inFlight = new Set<Promise<void>>();
  for (const n of events) {
    const wait = command.start + ((n - command.first) * 1000) / command.rate - wallMs();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= command.writers) await Promise.race(inFlight);
    const pending = enqueue(n).finally(() => inFlight.delete(pending));
    inFlight.add(pending);
  }
  await Promise.all(inFlight);
  return committed;
}

const control = createServer((request, response) => {
  if (request.method === 'GET') {
    // This process's CPU time so far (µs): what writing and delivering cost, whatever else runs on the machine.
    const { user, system } = process.cpuUsage();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ cpuMicros: user + system }));
    return;
  }
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    write(JSON.parse(body) as WriteCommand).then(
      (committed) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(committed)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  control.close();
  await app.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

const ready: ReadyLine = { type: 'ready', engine, ports: { control: (control.address() as AddressInfo).port }, cleanup: {} };
process.stdout.write(`${JSON.stringify(ready)}\n`);
