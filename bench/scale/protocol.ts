// What the scale benchmark's server process (server.ts) tells the load generator (run.ts) on its
// one stdout line.
import type { BenchCleanup, BenchEngine } from '../harness/protocol.js';

export interface ScaleParty {
  userId: number;
  username: string;
  token: string;
}

export interface ScaleReady {
  type: 'ready';
  engine: BenchEngine;
  ports: {
    /** The real API (buildServer), serving the built web app when BENCH_WEB_DIST names one. */
    api: number;
    /** A bare Fastify: GET /hello -> {"hello":"world"} and GET /usage (this process's counters). */
    hello: number;
  };
  /** Citizens whose own obligations are read, each with their token. */
  citizens: ScaleParty[];
  /** The employee who searches and lists. */
  employee: ScaleParty;
  /** Labels of citizens (the label panel's answer) and search texts to rotate through. */
  labels: string[];
  searches: { common: string[]; rare: string[] };
  seed: { users: number; obligations: number; usersMs: number; obligationsMs: number; analyzeMs: number; totalMs: number };
  webApp: boolean;
  cleanup: BenchCleanup;
}
