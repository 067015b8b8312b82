// The scale benchmark's server process: node --import tsx bench/scale/server.ts sqlite|postgres
//
// Builds the real API on a throw-away database, seeds 100,000 users and 1,000,000 obligations
// (seed.ts), starts a bare Fastify next to it, prints ONE JSON line (ScaleReady) on stdout and
// waits. Progress goes to stderr. Cleans up on SIGTERM / SIGINT or when stdin closes.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../apps/api/src/config.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createPostgresDatabase, dropPostgresDatabase, newSqliteFile, removeSqliteFiles } from '../harness/databases.js';
import { adminDatabaseUrl, type BenchEngine, type ServerUsage } from '../chat/protocol.js';
import { benchUsername, isEmployeeIndex, random, USERS } from './data.js';
import type { ScaleParty, ScaleReady } from './protocol.js';
import { seedScale } from './seed.js';

const engineArg = process.argv[2];
if (engineArg !== 'sqlite' && engineArg !== 'postgres') {
  console.error('usage: node --import tsx bench/scale/server.ts sqlite|postgres');
  process.exit(2);
}
const engine: BenchEngine = engineArg;
const adminUrl = adminDatabaseUrl();
const webDist = process.env.BENCH_WEB_DIST;

const servers: FastifyInstance[] = [];
const cleanup: ScaleReady['cleanup'] = {};
let shuttingDown: Promise<void> | undefined;

async function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    for (const server of [...servers].reverse()) {
      const closing = server.close();
      server.server.closeAllConnections();
      await closing.catch((error: unknown) => console.error('[scale server] close:', error));
    }
    if (cleanup.postgresDatabase) {
      await dropPostgresDatabase(adminUrl, cleanup.postgresDatabase).catch((error: unknown) =>
        console.error(`[scale server] could not drop ${cleanup.postgresDatabase}:`, error),
      );
    }
    if (cleanup.sqliteFile) removeSqliteFiles(cleanup.sqliteFile);
  })();
  await shuttingDown;
  process.exit(code);
}

process.once('SIGTERM', () => void shutdown(0));
process.once('SIGINT', () => void shutdown(0));
process.stdin.on('end', () => void shutdown(0));
process.stdin.resume();

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

function helloServer(): FastifyInstance {
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  hello.get('/usage', async (): Promise<ServerUsage> => {
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    return { cpuMicros: cpu.user + cpu.system, loopIdleMs: loop.idle, loopActiveMs: loop.active, rssBytes: process.memoryUsage.rss() };
  });
  return hello;
}

async function main(): Promise<void> {
  let database: Config['database'];
  if (engine === 'postgres') {
    const created = await createPostgresDatabase(adminUrl);
    cleanup.postgresDatabase = created.name;
    cleanup.adminUrl = adminUrl;
    database = { engine: 'postgres', url: created.url };
  } else {
    cleanup.sqliteFile = newSqliteFile();
    database = { engine: 'sqlite', file: cleanup.sqliteFile };
  }
  const hasWebApp = webDist !== undefined && existsSync(webDist);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    database,
    webDist: hasWebApp ? webDist : '/nonexistent/portal-bench-web-dist',
  };
  const app = await buildServer(config);
  servers.push(app);

  const started = performance.now();
  // argon2id costs ~50 ms: every account shares one hash (nobody logs in here; tokens are signed).
  const figures = await seedScale(app.db, await hashPassword('BenchPass123'), (line) => console.error(`[scale ${engine}] ${line}`));
  const totalMs = Math.round(performance.now() - started);

  const users = createUsersRepository(app.db);
  const party = async (index: number): Promise<ScaleParty> => {
    const found = await users.findForLogin(benchUsername(index));
    if (!found) throw new Error(`${benchUsername(index)} was not seeded`);
    return { userId: found.user.id, username: found.user.username, token: await app.auth.tokens.sign(found.user) };
  };
  const next = random(7);
  const citizens: ScaleParty[] = [];
  while (citizens.length < 200) {
    const index = Math.floor(next() * USERS);
    if (!isEmployeeIndex(index)) citizens.push(await party(index));
  }
  const employee = await party(499);
  const labels = await users.labels('USER');
  // Common: parts of surnames many share. Rare: whole usernames with a two-digit number, which no
  // other username contains (the numbers stop at 49), so each matches one account.
  const common = ['nowak', 'kowal', 'ski', 'czyk', 'zak', 'mar', 'ost', 'wal', 'sik', 'dud'];
  const twoDigits = 9 * 2_080; // from the tenth round of initial + surname on
  const rare: string[] = [];
  while (rare.length < 20) {
    const index = twoDigits + Math.floor(next() * (USERS - twoDigits));
    if (!isEmployeeIndex(index)) rare.push(benchUsername(index));
  }

  const hello = helloServer();
  servers.push(hello);
  for (const server of servers) await server.listen({ host: '127.0.0.1', port: 0 });
  const ready: ScaleReady = {
    type: 'ready',
    engine,
    ports: { api: portOf(app), hello: portOf(hello) },
    citizens,
    employee,
    labels,
    searches: { common, rare },
    seed: { ...figures, totalMs },
    webApp: hasWebApp,
    cleanup,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch(async (error: unknown) => {
  console.error('[scale server] failed to start:', error);
  await shutdown(1);
});
