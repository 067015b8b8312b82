import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from './config.js';
import { ensureParentDirectory } from '../paths.js';
import { migrationProvider } from './migrations/index.js';
import type { Engine } from './portable.js';
import type { Database } from './schema.js';
import { sqliteAddonOptions } from './sqlite-addon.js';
import { commitHolder, commitListeners } from './with-commit.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Closes the connection(s); safe to call more than once. */
  destroy(): Promise<void>;
  /** PostgreSQL: the pool's connections now; SQLite has one connection and no pool (null). */
  poolUse(): PoolUse | null;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export function createDatabase(config: DatabaseConfig, onPoolError?: (error: Error) => void): DatabaseHandle {
  let db: Db;
  let poolUse: () => PoolUse | null = () => null;
  if (config.engine === 'postgres') {
    // Pipelined: a query goes on the wire without waiting for the answer to the one before. Kysely
    // awaits each query, so only the statements held for the COMMIT (with-commit.ts) share a trip.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000, pipeline: true });
    poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => onPoolError?.(error));
    // A client that is checked out (a transaction between two statements) has no pool listener: the
    // server going away (pg_ctl stop: 57P01) would be an unhandled 'error' event that ends the
    // process. The query waiting on it fails on its own and is answered 503 (db/unavailable.ts).
    pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)));
    const commits = commitListeners();
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, commits.committed) }) });
    commits.attach(db);
  } else {
    if (config.file !== ':memory:') ensureParentDirectory(config.file);
    const sqlite = new SqliteDatabase(config.file, sqliteAddonOptions());
    if (config.file !== ':memory:') sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // PostgreSQL's casefold() is lower() (migration 0021); SQLite's lower() folds A-Z only.
    sqlite.function('casefold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  let destroyed: Promise<void> | undefined;
  return {
    db,
    engine: config.engine,
    destroy: () => (destroyed ??= db.destroy()),
    poolUse,
  };
}

const STATEMENT_CACHE_SIZE = 500;

/** Data statements only: a prepared statement must not outlive a schema change it depends on. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL plans a named statement once per connection and then only binds parameters, which
 * spares the server (on the same cores as the API here) a parse and plan per query (bench/chat).
 * Kysely sends every query unnamed, so the pool's clients name data statements by their text.
 * The set of texts is the application's fixed set of query shapes; past the bound, queries simply
 * go unnamed.
 */
function withNamedStatements(pool: pg.Pool, committed: () => void): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < STATEMENT_CACHE_SIZE && PREPARABLE.test(text)) {
      name = `portal_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const holder = commitHolder((text, values) => {
        const name = nameOf(text);
        return client.query({ text, values: [...values], ...(name ? { name } : {}) }) as unknown as Promise<PostgresQueryResult<unknown>>;
      }, committed);
      return {
        // Only the (sql, parameters) form: the API never streams rows through a cursor.
        query: (<R>(text: string, values: readonly unknown[]): Promise<PostgresQueryResult<R>> =>
          holder.query(text, values) as Promise<PostgresQueryResult<R>>) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely prepares every statement anew; better-sqlite3 statements are reusable, and preparing
 * was a tenth of the server's CPU under load (bench/chat). Kysely runs one query at a time on
 * SQLite and never streams here, so a statement is never used by two queries at once. A schema
 * change invalidates prepared statements, so the cache is emptied after any DDL.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string): SqliteDatabase.Statement {
      const cached = cache.get(text);
      if (cached) return cached;
      const statement = sqlite.prepare(text);
      if (/^\s*(create|alter|drop)\b/i.test(text)) {
        cache.clear();
        return statement;
      }
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function isDatabaseUp(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1 as ok`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
