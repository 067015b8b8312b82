// What the benchmark server (server.ts, a child process) tells the load generator (run.ts) on its
// one stdout line. Kept in one file so both sides agree on the shape.

export type BenchEngine = 'sqlite' | 'postgres';

export interface BenchParty {
  userId: number;
  token: string;
}

export interface BenchConversation {
  conversationId: number;
  citizen: BenchParty;
  employee: BenchParty;
}

export interface BenchReady {
  type: 'ready';
  engine: BenchEngine;
  /** Every listener is on 127.0.0.1. */
  ports: {
    /** The real API (buildServer). */
    api: number;
    /** A bare Fastify with GET /hello -> {"hello":"world"}. */
    hello: number;
    /** A bare Fastify with GET /raw/conversations/:id/messages: the same rows, no auth, no schema. */
    raw: number;
  };
  /** Part (a): the conversation with MESSAGES_IN_HISTORY messages, read by its citizen. */
  history: BenchConversation & { messages: number };
  /** Part (b): every conversation has its own citizen and its own employee; IN_PROGRESS. */
  live: BenchConversation[];
  /** What the child removes on exit (the parent removes it too if the child could not). */
  cleanup: { sqliteFile?: string; postgresDatabase?: string; adminUrl?: string };
  seedMs: number;
}

/** GET /usage on the hello port: the server process's counters so far. */
export interface ServerUsage {
  /** process.cpuUsage() user + system. */
  cpuMicros: number;
  /** performance.eventLoopUtilization(). */
  loopIdleMs: number;
  loopActiveMs: number;
  rssBytes: number;
}

export const MESSAGES_IN_HISTORY = 50;
export const LIVE_CONVERSATIONS = 250;

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where the throw-away PostgreSQL database is created (like the API tests' TEST_DATABASE_URL). */
export const adminDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
