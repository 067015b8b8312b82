// The life of a benchmark server process (bench/chat, bench/documents and bench/scale each have one
// server.ts that a driver starts with harness/child.ts): the engine from argv, a throw-away database,
// the real API on it (buildServer), ONE JSON ready line on stdout once every server listens, and
// on SIGTERM / SIGINT or when stdin closes (the driver went away) the servers closed and the
// database removed. Each benchmark's own part is its seed and its extra servers.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../apps/api/src/config.js';
import { buildServer } from '../../apps/api/src/server.js';
import { createThrowAwayDatabase, removeThrowAwayDatabase } from './databases.js';
import { type BenchCleanup, type BenchEngine, type ReadyLine, type ServerUsage } from './protocol.js';

/** Past this, the process removes its database and exits even if a server has not closed. */
const SHUTDOWN_DEADLINE_MS = 8_000;

export interface ApiOptions {
  /** The API's log level (default silent). */
  logLevel?: string;
  /** A built web app the API serves (default none). */
  webDist?: string;
  /** Settings a benchmark needs otherwise (bench:scale: the public routes' per-address limit). */
  overrides?: Partial<Config>;
}

/** The API's config for a benchmark on `database`: development mode, no demo data, no citizen quotas in the way. */
export function benchConfig(database: Config['database'], { logLevel = 'silent', webDist, overrides = {} }: ApiOptions = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: logLevel, SEED_DEMO: 'false' }),
    database,
    webDist: webDist ?? '/nonexistent/portal-bench-web-dist',
    // A benchmark's few citizens send and upload far more than an honest citizen's quotas allow.
    citizenQuotas: { openCases: 1_000_000, documentBytes: 1024 ** 4, uploadsInFlight: 100_000, lettersPerHour: 1_000_000, messagesPerHour: 1_000_000 },
    ...overrides,
  };
}

/**
 * Baseline: Fastify alone, GET /hello -> {"hello":"world"}. Also answers GET /usage (this
 * process's CPU time and event-loop utilisation so far), which the driver reads around each run.
 */
export function helloServer(): FastifyInstance {
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  hello.get('/usage', async (): Promise<ServerUsage> => {
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    return { cpuMicros: cpu.user + cpu.system, loopIdleMs: loop.idle, loopActiveMs: loop.active, rssBytes: process.memoryUsage.rss() };
  });
  return hello;
}

export interface BenchServerContext {
  engine: BenchEngine;
  /** The database the API will open (a benchmark may seed it before building the API). */
  database: Config['database'];
  /** Builds the real API on the throw-away database; it is closed last at shutdown. */
  buildApi(options?: ApiOptions): Promise<FastifyInstance>;
}

/** What a benchmark's start gives back: the servers to listen (by port name) and the rest of its ready line. */
export interface BenchServerStart<Ready extends ReadyLine> {
  listen: Record<keyof Ready['ports'], FastifyInstance>;
  ready: Omit<Ready, keyof ReadyLine>;
}

/**
 * Runs a benchmark server process. `name` marks its error lines, `script` is its usage line;
 * `start` seeds and builds its servers (none listening yet).
 */
export function runBenchServer<Ready extends ReadyLine>(
  name: string,
  script: string,
  start: (context: BenchServerContext) => Promise<BenchServerStart<Ready>>,
  /** A kept database to open instead of a throw-away one (never removed). */
  keptDatabase?: (engine: BenchEngine) => Config['database'] | undefined,
): void {
  const engineArg = process.argv[2];
  if (engineArg !== 'sqlite' && engineArg !== 'postgres') {
    console.error(`usage: node --conditions=@portal/source --import tsx ${script} sqlite|postgres`);
    process.exit(2);
  }
  const engine: BenchEngine = engineArg;
  const servers: FastifyInstance[] = [];
  let cleanup: BenchCleanup = {};
  let shuttingDown: Promise<void> | undefined;

  async function closeServers(): Promise<void> {
    // The API last: closing it closes the database it opened. Keep-alive connections of a load
    // generator still running (the driver was interrupted) would hold close() open: cut them.
    for (const server of [...servers].reverse()) {
      const closing = server.close();
      server.server.closeAllConnections();
      await closing.catch((error: unknown) => console.error(`[${name}] close:`, error));
    }
  }

  async function shutdown(code: number): Promise<never> {
    shuttingDown ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          console.error(`[${name}] servers did not close within ${SHUTDOWN_DEADLINE_MS} ms; removing the database anyway`);
          resolve();
        }, SHUTDOWN_DEADLINE_MS);
      });
      await Promise.race([closeServers(), deadline]);
      clearTimeout(timer);
      await removeThrowAwayDatabase(cleanup);
    })();
    await shuttingDown;
    process.exit(code);
  }

  process.once('SIGTERM', () => void shutdown(0));
  process.once('SIGINT', () => void shutdown(0));
  // The driver holds our stdin open and never writes: its end means the driver is gone.
  process.stdin.on('end', () => void shutdown(0));
  process.stdin.resume();

  async function main(): Promise<void> {
    const kept = keptDatabase?.(engine);
    const made = kept ? { database: kept, cleanup: {} } : await createThrowAwayDatabase(engine);
    cleanup = made.cleanup;
    const context: BenchServerContext = {
      engine,
      database: made.database,
      async buildApi(options) {
        const app = await buildServer(benchConfig(made.database, options));
        servers.push(app);
        return app;
      },
    };
    const started = await start(context);
    const ports: Record<string, number> = {};
    for (const [port, server] of Object.entries<FastifyInstance>(started.listen)) {
      if (!servers.includes(server)) servers.push(server);
      await server.listen({ host: '127.0.0.1', port: 0 });
      ports[port] = (server.server.address() as AddressInfo).port;
    }
    const ready = { type: 'ready', engine, ports, ...started.ready, cleanup } as ReadyLine;
    process.stdout.write(`${JSON.stringify(ready)}\n`);
  }

  main().catch(async (error: unknown) => {
    console.error(`[${name}] failed to start:`, error);
    await shutdown(1);
  });
}
