// The engines' bulk paths for bench:scale's seed, on a connection of its own opened after the
// migrations and closed before the API starts (seed.ts). SQLite: one prepared statement per table
// in big transactions, with the journal and fsync off for the seed only. PostgreSQL: COPY needs
// pg-copy-streams, which is not a dependency, so each batch is one `insert ... select from
// unnest($1::type[], ...)` (one parameter per column whatever the batch's length), with foreign-key
// triggers off for the session (session_replication_role = replica; the seed writes consistent ids).
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../apps/api/src/config.js';
import { sqliteAddonOptions } from '../../apps/api/src/db/sqlite-addon.js';

type Row = readonly unknown[];
const SQLITE_ROWS_PER_TRANSACTION = 500_000;
const POSTGRES_ROWS_PER_STATEMENT = 20_000;

export interface BulkWriter {
  engine: Config['database']['engine'];
  /** Appends rows (values in `columns` order) to `table`. */
  insert(table: string, columns: readonly string[], rows: readonly Row[]): Promise<void>;
  /** One value of a one-row query. */
  value(text: string): Promise<unknown>;
  exec(text: string): Promise<void>;
  /** Drops the secondary indexes of `tables` (not primary keys or constraints) and answers their definitions. */
  dropIndexes(tables: readonly string[]): Promise<string[]>;
  /** After explicit ids: the id sequences continue after them (PostgreSQL; SQLite's AUTOINCREMENT follows on its own). */
  continueIds(tables: readonly string[]): Promise<void>;
  /** Statistics (and on PostgreSQL the visibility map), then closes the connection. */
  finish(): Promise<void>;
}

/**
 * A table's rows written a batch at a time: `push` answers true when a batch is full, and the
 * caller awaits `flush()` then (no promise per row: the suffixes alone are tens of millions).
 */
export function sink(bulk: BulkWriter, table: string, columns: readonly string[], batch = 10_000) {
  let rows: Row[] = [];
  let written = 0;
  return {
    push(row: Row): boolean {
      rows.push(row);
      return rows.length >= batch;
    },
    async flush() {
      if (rows.length === 0) return;
      await bulk.insert(table, columns, rows);
      written += rows.length;
      rows = [];
    },
    get written() {
      return written;
    },
  };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sqliteWriter(file: string): BulkWriter {
  const db = new SqliteDatabase(file, sqliteAddonOptions());
  // The file's WAL mode is kept in it: the seed writes without a journal and sets WAL back at the
  // end. better-sqlite3's defensive mode refuses journal_mode = OFF (it answers the old mode) unless
  // unsafe mode is on, for this seeding connection only.
  db.unsafeMode(true);
  const mode = db.pragma('journal_mode = OFF', { simple: true });
  if (mode !== 'off') throw new Error(`SQLite kept journal_mode ${String(mode)} for the seed`);
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1000000');
  db.pragma('temp_store = MEMORY');
  db.function('casefold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
  const statements = new Map<string, SqliteDatabase.Statement>();
  let pending = 0;
  db.exec('begin');
  const commit = () => {
    db.exec('commit');
    db.exec('begin');
    pending = 0;
  };
  return {
    engine: 'sqlite',
    async insert(table, columns, rows) {
      const key = `${table}(${columns.join()})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = db.prepare(`insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        statements.set(key, statement);
      }
      for (const row of rows) statement.run(...row);
      pending += rows.length;
      if (pending >= SQLITE_ROWS_PER_TRANSACTION) commit();
    },
    async value(text) {
      const row = db.prepare(text).raw().get() as unknown[] | undefined;
      return row?.[0];
    },
    async exec(text) {
      db.exec(text);
    },
    async dropIndexes(tables) {
      const rows = db
        .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')})`)
        .all(...tables) as { name: string; sql: string }[];
      for (const row of rows) db.exec(`drop index ${quoted(row.name)}`);
      return rows.map((row) => row.sql);
    },
    async continueIds() {},
    async finish() {
      db.exec('commit');
      db.exec('analyze');
      db.pragma('synchronous = FULL');
      db.pragma('journal_mode = WAL');
      db.unsafeMode(false);
      db.close();
    },
  };
}

async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set session_replication_role = replica');
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '512MB'");
  const types = new Map<string, Map<string, string>>();
  const typesOf = async (table: string) => {
    let known = types.get(table);
    if (!known) {
      const { rows } = await client.query<{ name: string; type: string }>(
        'select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped',
        [table],
      );
      known = new Map(rows.map((row) => [row.name, row.type]));
      types.set(table, known);
    }
    return known;
  };
  return {
    engine: 'postgres',
    async insert(table, columns, rows) {
      const known = await typesOf(table);
      const arrays = columns.map((_, index) => rows.map((row) => row[index] ?? null));
      const unnest = columns.map((column, index) => `$${index + 1}::${known.get(column) ?? 'text'}[]`).join(', ');
      const text = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) select * from unnest(${unnest})`;
      for (let from = 0; from < rows.length; from += POSTGRES_ROWS_PER_STATEMENT) {
        await client.query(text, arrays.map((values) => values.slice(from, from + POSTGRES_ROWS_PER_STATEMENT)));
      }
    },
    async value(text) {
      const { rows } = await client.query<Record<string, unknown>>(text);
      const first = rows[0];
      return first ? Object.values(first)[0] : undefined;
    },
    async exec(text) {
      await client.query(text);
    },
    async dropIndexes(tables) {
      const { rows } = await client.query<{ name: string; definition: string }>(
        `select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = any($1)
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [[...tables]],
      );
      for (const row of rows) await client.query(`drop index ${quoted(row.name)}`);
      return rows.map((row) => row.definition);
    },
    async continueIds(tables) {
      for (const table of tables) {
        await client.query(`select setval(pg_get_serial_sequence($1, 'id'), greatest(1, (select coalesce(max(id), 0) from ${quoted(table)})))`, [table]);
      }
    },
    async finish() {
      await client.query('set session_replication_role = origin');
      await client.query('vacuum analyze');
      await client.end();
    },
  };
}

export function openBulkWriter(database: Config['database']): Promise<BulkWriter> {
  return database.engine === 'postgres' ? postgresWriter(database.url) : Promise.resolve(sqliteWriter(database.file));
}
