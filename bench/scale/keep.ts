// npm run bench:scale:seed -- --engine=sqlite|postgres --db=<SQLite file | portal_scale_... database>
//                             [--citizens=... --obligations=... --letters=... --messages=... --cases=...]
//
// Seeds a kept database for bench:scale (kept.ts) and leaves it there: the seeding run, apart from
// the measuring runs (run.ts --reuse-db). Replaces what the target held (a PostgreSQL database is
// dropped and created again; a SQLite file removed). Prints the figures per phase, the database's
// size and the load average, and writes them to bench/results/scale-seed-<engine>-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../../apps/api/src/db/database.js';
import { hashPassword } from '../../apps/api/src/plugins/auth/index.js';
import { removeSqliteFiles } from '../harness/databases.js';
import { adminDatabaseUrl } from '../harness/protocol.js';
import { SIZE_OPTIONS, sizeFromFlags } from './data.js';
import { keptDatabase } from './kept.js';
import { seedScale } from './seed.js';

const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' }, db: { type: 'string' }, ...SIZE_OPTIONS } });
const engine = args.engine === 'postgres' ? 'postgres' : args.engine === 'sqlite' ? 'sqlite' : undefined;
if (!engine || !args.db) throw new Error('usage: --engine=sqlite|postgres --db=<file | portal_scale_... database> [size flags]');
const size = sizeFromFlags(args);
const database = keptDatabase(engine, args.db);

const startedAt = new Date().toISOString();
const loads: number[] = [];
const sample = () => loads.push(Math.round((loadavg()[0] ?? 0) * 100) / 100);
const sampler = setInterval(sample, 30_000);
sample();
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} [seed ${engine}] ${line} (load ${loadavg()[0]?.toFixed(1)})`);
log(`seeding ${JSON.stringify(size)} into ${args.db}`);

if (database.engine === 'postgres') {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop database if exists "${args.db}" with (force)`);
  await admin.query(`create database "${args.db}"`);
  await admin.end();
} else {
  mkdirSync(dirname(database.file), { recursive: true });
  removeSqliteFiles(database.file);
}
const started = performance.now();
const migrating = createDatabase(database);
await migrateToLatest(migrating.db);
await migrating.destroy();
const figures = await seedScale(database, await hashPassword('BenchPass123'), log, size);
const totalMs = Math.round(performance.now() - started);
clearInterval(sampler);
sample();

const measuring = createDatabase(database);
const bytes = Number(
  (
    database.engine === 'postgres'
      ? await sql<{ bytes: string }>`select pg_database_size(current_database()) as bytes`.execute(measuring.db)
      : await sql<{ bytes: number }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(measuring.db)
  ).rows[0]?.bytes ?? 0,
);
await measuring.destroy();
const report = { engine, target: args.db, startedAt, finishedAt: new Date().toISOString(), seed: { ...figures, totalMs }, databaseBytes: bytes, loadAverage: { min: Math.min(...loads), max: Math.max(...loads), samples: loads } };
mkdirSync(RESULTS_DIR, { recursive: true });
const file = `${RESULTS_DIR}scale-seed-${engine}-${startedAt.replace(/[:.]/g, '-')}.json`;
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
log(`done in ${(totalMs / 1000).toFixed(1)} s; database ${(bytes / 2 ** 20).toFixed(0)} MiB; load average ${report.loadAverage.min} to ${report.loadAverage.max}; figures in ${file}`);
