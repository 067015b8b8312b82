// What every benchmark server process (harness/server.ts) and its driver (harness/child.ts) agree on.

export type BenchEngine = 'sqlite' | 'postgres';
export const BENCH_ENGINES: readonly BenchEngine[] = ['sqlite', 'postgres'];

/** What a benchmark server removes on exit (the driver removes it too if the server could not). */
export interface BenchCleanup {
  sqliteFile?: string;
  postgresDatabase?: string;
  adminUrl?: string;
}

/** The one stdout line a benchmark server prints once it listens: every port is on 127.0.0.1. */
export interface ReadyLine {
  type: 'ready';
  engine: BenchEngine;
  ports: Record<string, number>;
  cleanup: BenchCleanup;
}

/** GET /usage on a server's hello port: the server process's counters so far. */
export interface ServerUsage {
  /** process.cpuUsage() user + system. */
  cpuMicros: number;
  /** performance.eventLoopUtilization(). */
  loopIdleMs: number;
  loopActiveMs: number;
  rssBytes: number;
}

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where the throw-away PostgreSQL database is created (like the API tests' TEST_DATABASE_URL). */
export const adminDatabaseUrl = (): string =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL;
