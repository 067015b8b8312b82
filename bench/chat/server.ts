// The benchmark's server process: run.ts spawns one per engine, so the load generator never shares
// an event loop with the server. Usage: node --conditions=@portal/source --import tsx bench/chat/server.ts sqlite|postgres
//
// It builds the real API (buildServer) on a throw-away database, seeds the chat data straight
// through the repositories (one precomputed argon2 hash for every account), starts two baseline
// servers next to it, prints ONE JSON line (BenchReady) on stdout and waits. It cleans up (servers,
// database, file) on SIGTERM / SIGINT or when its stdin closes (the parent went away).
import type { AddressInfo } from 'node:net';
import { fullName, type UserResponse } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../apps/api/src/config.js';
import type { Db } from '../../apps/api/src/db/database.js';
import { createLettersRepository } from '../../apps/api/src/modules/letters/repository.js';
import { createUsersRepository } from '../../apps/api/src/modules/users/repository.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createPostgresDatabase, dropPostgresDatabase, newSqliteFile, removeSqliteFiles } from '../harness/databases.js';
import {
  adminDatabaseUrl,
  type BenchConversation,
  type BenchEngine,
  type BenchReady,
  LIVE_CONVERSATIONS,
  MESSAGES_IN_HISTORY,
  type ServerUsage,
} from './protocol.js';

const engineArg = process.argv[2];
if (engineArg !== 'sqlite' && engineArg !== 'postgres') {
  console.error('usage: node --conditions=@portal/source --import tsx bench/chat/server.ts sqlite|postgres');
  process.exit(2);
}
const engine: BenchEngine = engineArg;
const adminUrl = adminDatabaseUrl();

const servers: FastifyInstance[] = [];
const cleanup: BenchReady['cleanup'] = {};
let shuttingDown: Promise<void> | undefined;

/** Past this, the child drops its database and exits even if a server has not closed. */
const SHUTDOWN_DEADLINE_MS = 8_000;

async function closeServers(): Promise<void> {
  // The API last: closing it closes the database it opened. Keep-alive connections of a load
  // generator still running (the parent was interrupted) would hold close() open: cut them.
  for (const server of [...servers].reverse()) {
    const closing = server.close();
    server.server.closeAllConnections();
    await closing.catch((error: unknown) => console.error('[bench server] close:', error));
  }
}

async function shutdown(code: number): Promise<never> {
  shuttingDown ??= (async () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.error(`[bench server] servers did not close within ${SHUTDOWN_DEADLINE_MS} ms; removing the database anyway`);
        resolve();
      }, SHUTDOWN_DEADLINE_MS);
    });
    await Promise.race([closeServers(), deadline]);
    clearTimeout(timer);
    if (cleanup.postgresDatabase) {
      await dropPostgresDatabase(adminUrl, cleanup.postgresDatabase).catch((error: unknown) =>
        console.error(`[bench server] could not drop ${cleanup.postgresDatabase}:`, error),
      );
    }
    if (cleanup.sqliteFile) removeSqliteFiles(cleanup.sqliteFile);
  })();
  await shuttingDown;
  process.exit(code);
}

process.once('SIGTERM', () => void shutdown(0));
process.once('SIGINT', () => void shutdown(0));
// The parent holds our stdin open and never writes: its end means the parent is gone.
process.stdin.on('end', () => void shutdown(0));
process.stdin.resume();

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;

/** Baseline 2: the same 50 rows as the API's listMessages (same join, same order), no auth, no schema. */
function rawRowsServer(db: Db): FastifyInstance {
  const raw = Fastify({ logger: false });
  raw.get<{ Params: { id: string } }>('/raw/conversations/:id/messages', async (request) => {
    const conversationId = Number(request.params.id);
    const rows = await db
      .selectFrom('messages as m')
      .innerJoin('users as sender', 'sender.id', 'm.sender_id')
      .select(['m.id', 'm.sender_id', 'm.content', 'm.sent_at', 'sender.first_name', 'sender.last_name'])
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id')
      .execute();
    // The same JSON shape the API answers, so both routes send the same bytes.
    return rows.map((row) => ({
      id: Number(row.id),
      conversationId,
      senderId: Number(row.sender_id),
      senderName: fullName({ firstName: row.first_name, lastName: row.last_name }),
      content: row.content,
      sentAt: row.sent_at,
    }));
  });
  return raw;
}

/**
 * Baseline 1: Fastify alone. Also answers GET /usage (this process's CPU time and event-loop
 * utilisation so far), which run.ts reads before and after each measured run.
 */
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

async function seed(app: FastifyInstance): Promise<Pick<BenchReady, 'history' | 'live'>> {
  const usersRepository = createUsersRepository(app.db);
  const letters = createLettersRepository(app.db);
  // argon2id costs ~50 ms: 502 accounts share one hash (nobody logs in; tokens are signed directly).
  const passwordHash = await hashPassword('BenchPass123');
  let sequence = 0;

  return app.db.transaction().execute(async (trx) => {
    const newUser = (role: 'USER' | 'EMPLOYEE'): Promise<UserResponse> => {
      sequence += 1;
      return usersRepository.insert(
        {
          username: `bench${role === 'USER' ? 'c' : 'e'}${sequence}`,
          email: `bench${sequence}@bench.example.org`,
          passwordHash,
          firstName: role === 'USER' ? 'Zofia' : 'Jan',
          lastName: `Benchmark${sequence}`,
          role,
          phoneNumber: '501234567',
          dateOfBirth: '1990-05-17',
        },
        trx,
      );
    };
    /** A letter by `citizen` taken by `employee`: an IN_PROGRESS conversation. */
    const conversation = async (citizen: UserResponse, employee: UserResponse): Promise<BenchConversation> => {
      const id = await letters.createLetter(
        {
          userId: citizen.id,
          recipient: 'Public Works Department',
          subject: `Streetlight out on Lipowa ${citizen.id}`,
          content: 'The streetlight in front of Lipowa 4 has been dark for a week.',
          sentAt: new Date().toISOString(),
        },
        trx,
      );
      if (!(await letters.takeConversation(id, employee.id, trx))) throw new Error(`could not take conversation ${id}`);
      return {
        conversationId: id,
        citizen: { userId: citizen.id, token: await app.auth.tokens.sign(citizen) },
        employee: { userId: employee.id, token: await app.auth.tokens.sign(employee) },
      };
    };

    const historyCitizen = await newUser('USER');
    const historyEmployee = await newUser('EMPLOYEE');
    const history = await conversation(historyCitizen, historyEmployee);
    for (let i = 0; i < MESSAGES_IN_HISTORY; i += 1) {
      const sender = i % 2 === 0 ? historyCitizen : historyEmployee;
      await letters.sendMessage(
        {
          conversationId: history.conversationId,
          sender,
          content: `Message ${i + 1}: the streetlight is still out, and the one at the corner of Lipowa and Polna flickers too.`,
        },
        trx,
      );
    }

    // One employee per conversation: each socket then belongs to exactly one conversation.
    const live: BenchConversation[] = [];
    for (let i = 0; i < LIVE_CONVERSATIONS; i += 1) {
      const citizen = await newUser('USER');
      const employee = await newUser('EMPLOYEE');
      live.push(await conversation(citizen, employee));
    }
    return { history: { ...history, messages: MESSAGES_IN_HISTORY }, live };
  });
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

  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    database,
    webDist: '/nonexistent/portal-bench-web-dist',
  };
  const app = await buildServer(config);
  servers.push(app);

  const seedStarted = performance.now();
  const seeded = await seed(app);
  const seedMs = Math.round(performance.now() - seedStarted);

  const hello = helloServer();
  servers.push(hello);
  const raw = rawRowsServer(app.db);
  servers.push(raw);
  for (const server of servers) await server.listen({ host: '127.0.0.1', port: 0 });

  const ready: BenchReady = {
    type: 'ready',
    engine,
    ports: { api: portOf(app), hello: portOf(hello), raw: portOf(raw) },
    ...seeded,
    cleanup,
    seedMs,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch(async (error: unknown) => {
  console.error('[bench server] failed to start:', error);
  await shutdown(1);
});
