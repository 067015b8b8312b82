import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { engineOf } from '../../src/db/portable.js';

/**
 * Every text value in every table of the database (and every small blob as text): what anyone holding a
 * copy of the database file or a backup can read, whatever the schema calls it.
 */
export async function databaseTexts(db: Db): Promise<Set<string>> {
  const tables =
    engineOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const texts = new Set<string>();
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') texts.add(value);
        else if (Buffer.isBuffer(value) && value.length <= 1024) texts.add(value.toString('utf8'));
      }
    }
  }
  return texts;
}
