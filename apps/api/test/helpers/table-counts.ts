import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

export type TableCounts = Record<string, number>;

/**
 * Counts the rows of every table of the suite's database in one query, for "nothing was written"
 * checks that no new table can slip past: the list comes from the database itself.
 */
export async function tableCounter(app: FastifyInstance): Promise<() => Promise<TableCounts>> {
  const tables = (await app.db.introspection.getTables({ withInternalKyselyTables: false })).map((table) => table.name).sort();
  if (tables.length === 0) throw new Error('tableCounter: the database has no tables');
  // Compiled once: suites count before and after thousands of requests.
  const query = sql<Record<string, number | string>>`select ${sql.join(
    tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`),
  )}`.compile(app.db);
  return async () => {
    const { rows } = await app.db.executeQuery(query);
    const row = rows[0] ?? {};
    return Object.fromEntries(tables.map((table) => [table, Number(row[table])]));
  };
}

/** The tables whose counts differ, as `table: before -> after`; empty when nothing changed. */
export function changedTables(before: TableCounts, after: TableCounts): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} -> ${after[table]}`);
}
