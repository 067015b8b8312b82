// Throw-away databases for the benchmark, made the way apps/api/test/helpers/engines.ts makes them.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../apps/api/src/config.js';
import { adminDatabaseUrl, type BenchCleanup, type BenchEngine } from './protocol.js';

/** null when PostgreSQL answers; otherwise the reason it does not. */
export async function probePostgres(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const BENCH_DATABASE_NAME = /^portal_bench_[0-9a-f]{12}$/;

/** Creates `portal_bench_<random>` and answers its name and URL. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** WITH (FORCE): pools still open (a crashed child) must not keep the database alive. */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  if (!BENCH_DATABASE_NAME.test(name)) throw new Error(`refusing to drop "${name}": not a benchmark database`);
  await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}

export const newSqliteFile = (): string => join(tmpdir(), `portal-bench-${randomBytes(6).toString('hex')}.db`);

/** The database file and the WAL files next to it. */
export function removeSqliteFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** A new empty database on `engine`, and what removes it. */
export async function createThrowAwayDatabase(
  engine: BenchEngine,
  adminUrl = adminDatabaseUrl(),
): Promise<{ database: Config['database']; cleanup: BenchCleanup }> {
  if (engine === 'postgres') {
    const created = await createPostgresDatabase(adminUrl);
    return { database: { engine: 'postgres', url: created.url }, cleanup: { postgresDatabase: created.name, adminUrl } };
  }
  const file = newSqliteFile();
  return { database: { engine: 'sqlite', file }, cleanup: { sqliteFile: file } };
}

/** Removes what createThrowAwayDatabase made; harmless when it is gone already. */
export async function removeThrowAwayDatabase(cleanup: BenchCleanup): Promise<void> {
  if (cleanup.postgresDatabase && cleanup.adminUrl) {
    await dropPostgresDatabase(cleanup.adminUrl, cleanup.postgresDatabase).catch((error: unknown) =>
      console.error(`could not drop ${cleanup.postgresDatabase}:`, error),
    );
  }
  if (cleanup.sqliteFile) removeSqliteFiles(cleanup.sqliteFile);
}
