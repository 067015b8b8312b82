// One API process of the notifications benchmark: the real server (buildServer) on the driver's
// database, its delivery worker polling as in production (NODE_ENV=development, every second),
// sending to the driver's SMTP sink. It serves no HTTP: the driver writes the events itself.
// Prints one ready line; stops on SIGTERM or when the driver (stdin) goes away.
import type { Config } from '../../apps/api/src/config.js';
import { buildServer } from '../../apps/api/src/server.js';
import { benchConfig } from '../harness/server.js';
import type { BenchEngine, ReadyLine } from '../harness/protocol.js';

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
const app = await buildServer(config);
// onReady starts the worker.
await app.ready();

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

const ready: ReadyLine = { type: 'ready', engine, ports: {}, cleanup: {} };
process.stdout.write(`${JSON.stringify(ready)}\n`);
