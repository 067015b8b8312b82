import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import type { DatabaseConfig } from '../../src/config.js';
import { ADMIN_DATABASE_URL, adminQuery } from './admin-database-url.js';

/**
 * The databases every API test file runs on: SQLite in memory always; PostgreSQL through a
 * throw-away database `portal_test_<random>` on TEST_DATABASE_URL (default the local server).
 * PostgreSQL unreachable: with CI=true the tests fail with the reason; otherwise they are
 * skipped and the reason is printed.
 */
export { ADMIN_DATABASE_URL };
const isCi = process.env.CI === 'true';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Removes the throw-away database (no-op for SQLite). */
  drop(): Promise<void>;
}

export interface TestEngine {
  name: 'sqlite' | 'postgres';
  /** false only when PostgreSQL is unreachable outside CI. */
  available: boolean;
  /**
   * An empty database; `{ migrated: true }`: one with every migration applied (on PostgreSQL a copy
   * of the run's migrated template, see postgres-template.ts; the caller may still migrate, a no-op).
   */
  create(options?: { migrated?: boolean }): Promise<TestDatabase>;
}

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3_000 });
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

async function createPostgresDatabase(migrated: boolean): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  // Provided by postgres-template.ts (the project's globalSetup); absent when a file runs without it.
  const template = migrated ? inject('postgresTemplate') : null;
  await adminQuery(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    config: { engine: 'postgres', url: url.toString() },
    // WITH (FORCE): a pool a failed test left open must not keep the database alive.
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

const postgresProblem = await probePostgres();
if (postgresProblem && !isCi) {
  console.warn(
    `[api tests] PostgreSQL tests SKIPPED: cannot reach ${ADMIN_DATABASE_URL} (${postgresProblem}). ` +
      'Start PostgreSQL or set TEST_DATABASE_URL; with CI=true this fails the run.',
  );
}

export const engines: readonly TestEngine[] = [
  {
    name: 'sqlite',
    available: true,
    create: async () => ({ config: { engine: 'sqlite', file: ':memory:' }, drop: async () => undefined }),
  },
  {
    name: 'postgres',
    available: !postgresProblem || isCi,
    async create({ migrated = false } = {}) {
      if (postgresProblem) {
        throw new Error(`PostgreSQL is required in CI but ${ADMIN_DATABASE_URL} is unreachable: ${postgresProblem}`);
      }
      return createPostgresDatabase(migrated);
    },
  },
];

/** `describe` once per engine; the engine's name ends the suite title. */
export function describeEachEngine(title: string, body: (engine: TestEngine) => void): void {
  for (const engine of engines) {
    describe.skipIf(!engine.available)(`${title} [${engine.name}]`, () => body(engine));
  }
}
