// What the scale benchmark's server process (server.ts) tells the load generator (run.ts) on its
// one stdout line.
import type { BenchCleanup, BenchEngine } from '../harness/protocol.js';
import type { SeedFigures } from './seed.js';

export interface ScaleParty {
  userId: number;
  username: string;
  token: string;
}

/** The people and texts the measured requests use (parties.ts). */
export interface ScaleParties {
  /** Citizens whose own obligations are read, each with their token. */
  citizens: ScaleParty[];
  /** The citizen with 200 matters (data.ts BUSY_MATTERS) whose "My matters" is read. */
  busyCitizen: ScaleParty;
  /** The employee who searches and lists. */
  employee: ScaleParty;
  /** The admin who reads the performance dashboard. */
  admin: ScaleParty;
  /** Labels of citizens (the label panel's answer) and search texts to rotate through. */
  labels: string[];
  searches: { common: string[]; rare: string[] };
}

export interface ScaleReady extends ScaleParties {
  type: 'ready';
  engine: BenchEngine;
  ports: {
    /** The real API (buildServer), serving the built web app when BENCH_WEB_DIST names one. */
    api: number;
    /** A bare Fastify: GET /hello -> {"hello":"world"} and GET /usage (this process's counters). */
    hello: number;
  };
  /** null when the run measured a kept database (run.ts --reuse-db) seeded by keep.ts. */
  seed: (SeedFigures & { totalMs: number }) | null;
  /** The database's size on disk after the seed, bytes (SQLite: the file and its WAL; PostgreSQL: pg_database_size). */
  databaseBytes: number;
  /** One cold read of each aggregate before the load (the public one is then kept for 5 minutes), ms. */
  coldMs: { dashboard: number; publicPage: number };
  webApp: boolean;
  cleanup: BenchCleanup;
}
