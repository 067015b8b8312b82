import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type DialectAdapter,
  type Expression,
  PostgresAdapter,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Flag } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

/** Which engine a Kysely instance (or a transaction) talks to, whatever its table types. */
export function engineOf(db: { getExecutor(): { readonly adapter: DialectAdapter } }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Adds `id`, an auto-increment integer primary key, in the engine's own idiom: an identity column
 * on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite (never reuses ids of deleted rows).
 */
export function idColumn<T extends string, C extends string, N extends string = 'id'>(
  table: CreateTableBuilder<T, C>,
  engine: Engine,
  name: N = 'id' as N,
): CreateTableBuilder<T, C | N> {
  return table.addColumn(name, 'integer', (col: ColumnDefinitionBuilder) =>
    engine === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/** An integer 0/1 column standing in for a boolean on both engines. */
export function flagColumn<T extends string, C extends string, N extends string>(
  table: CreateTableBuilder<T, C>,
  name: N,
  defaultValue: boolean,
): CreateTableBuilder<T, C | N> {
  return table.addColumn(name, 'integer', (col) =>
    col
      .notNull()
      .defaultTo(defaultValue ? 1 : 0)
      .check(sql`${sql.ref(name)} in (0, 1)`),
  );
}

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
/** PostgreSQL and SQLite both hand back a number, but be lenient with what a driver returns. */
export const fromFlag = (value: unknown): boolean => value === 1 || value === true || value === '1';

/** The one way to stamp a row: ISO-8601 UTC text. */
export const nowIso = (now: Date = new Date()): string => now.toISOString();

/** `text` as the literal part of a LIKE pattern: its wildcards and the escape character escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * `expression` contains `text`, ignoring case: the search boxes of staff's lists. `casefold()`
 * folds every letter on both engines ("łukasz" finds "Łukasz"; migration 0021).
 */
export function containsIgnoringCase(expression: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`casefold(${expression}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
