// Kept databases for bench:scale at a large size, so seeding (keep.ts, once, hours at Warsaw's
// size) and measuring (run.ts --reuse-db, minutes) are separate runs. A SQLite kept database is a
// file path; a PostgreSQL one a database name on the benchmark's server (BENCH_DATABASE_URL's),
// which must start with `portal_scale_` so nothing else is ever replaced by mistake.
import type { Config } from '../../apps/api/src/config.js';
import { adminDatabaseUrl, type BenchEngine } from '../harness/protocol.js';

export const KEPT_POSTGRES_NAME = /^portal_scale_[a-z0-9_]{1,40}$/;

/** The kept database `target` names on `engine`. */
export function keptDatabase(engine: BenchEngine, target: string): Config['database'] {
  if (engine === 'sqlite') {
    if (!target.startsWith('/')) throw new Error(`a kept SQLite database is an absolute file path, not "${target}"`);
    return { engine: 'sqlite', file: target };
  }
  if (!KEPT_POSTGRES_NAME.test(target)) throw new Error(`a kept PostgreSQL database is named portal_scale_<a-z0-9_>, not "${target}"`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${target}`;
  return { engine: 'postgres', url: url.toString() };
}

/** run.ts hands the kept database to server.ts in BENCH_SCALE_REUSE_DB (one engine per run). */
export const reusedDatabase = (engine: BenchEngine, target = process.env.BENCH_SCALE_REUSE_DB): Config['database'] | undefined =>
  target ? keptDatabase(engine, target) : undefined;
