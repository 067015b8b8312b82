import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';

/*
 * SQL pieces of the performance figures (issue 33 points 8 and 9), the same on both engines: the
 * performance module counts its own rows with them (modules/performance/samples.ts); the letters
 * and cases modules hand over what is open now (OpenFigures).
 */

/**
 * Which span [bounds[i], bounds[i + 1]) an ISO instant falls in, 0 for the first; the caller keeps
 * its rows inside [bounds[0], bounds[last]). ISO 8601 UTC text orders as the instants do.
 */
export function spanOf(column: Expression<string | null>, bounds: readonly string[]): RawBuilder<number> {
  const inner = bounds.slice(1, -1).map((bound, index) => sql`when ${column} < ${bound} then ${sql.lit(index)}`);
  if (inner.length === 0) return sql<number>`0`;
  return sql<number>`case ${sql.join(inner, sql` `)} else ${sql.lit(bounds.length - 2)} end`;
}

/** A row of durations: the unit and span it is counted in, and its length in seconds. */
export interface DurationRow {
  unit: string;
  span: number;
  secs: number;
}

export interface SpanMedian {
  unit: string;
  span: number;
  /** The median duration in seconds. */
  median: number;
  /** How many durations stand behind it. */
  count: number;
}

/**
 * The median of each (unit, span) group of `source` (a select of `unit`, `span`, `secs`) and its
 * count, computed in the database. SQLite has no percentile function, so on both engines each
 * group's values are ranked with row_number() and the one middle value (odd count) or the mean of
 * the two (even count) is taken: the same answer as PostgreSQL's percentile_cont(0.5), with one
 * sort per group and only one row per group sent back.
 */
export async function mediansOf(db: Db, source: RawBuilder<DurationRow>): Promise<SpanMedian[]> {
  const { rows } = await sql<{ unit: string; span: number | string; median: number | string; n: number | string }>`
    select unit, span, avg(secs) as median, max(n) as n from (
      select unit, span, secs,
        row_number() over (partition by unit, span order by secs) as rn,
        count(*) over (partition by unit, span) as n
      from (${source}) as durations
    ) as ranked
    where rn = (n + 1) / 2 or rn = (n + 2) / 2
    group by unit, span`.execute(db);
  return rows.map((row) => ({ unit: row.unit, span: Number(row.span), median: Number(row.median), count: Number(row.n) }));
}

/** Rows counted per unit and span. */
export interface SpanCount {
  unit: string;
  span: number;
  count: number;
}

export async function countsOf(db: Db, source: RawBuilder<{ unit: string; span: number }>): Promise<SpanCount[]> {
  const { rows } = await sql<{ unit: string; span: number | string; n: number | string }>`
    select unit, span, count(*) as n from (${source}) as arrivals group by unit, span`.execute(db);
  return rows.map((row) => ({ unit: row.unit, span: Number(row.span), count: Number(row.n) }));
}

/** The figures of one unit in one span, as the letters and cases services hand them over. */
export interface SpanFigures {
  unit: string;
  span: number;
  received: number;
  resolved: number;
  medianSecondsToFirstReply: number | null;
  medianSecondsToDecision: number | null;
}

/** The matters of a unit not yet resolved or decided now, and of those the ones past their term. */
export interface OpenFigures {
  unit: string;
  open: number;
  overdue: number;
}

/** Joins the three aggregates into one row per unit and span that has any figure. */
export function spanFigures(received: SpanCount[], firstReplies: SpanMedian[], decisions: SpanMedian[]): SpanFigures[] {
  const rows = new Map<string, SpanFigures>();
  const rowOf = (unit: string, span: number) => {
    const key = `${unit}\u0000${span}`;
    let row = rows.get(key);
    if (!row) {
      row = { unit, span, received: 0, resolved: 0, medianSecondsToFirstReply: null, medianSecondsToDecision: null };
      rows.set(key, row);
    }
    return row;
  };
  for (const row of received) rowOf(row.unit, row.span).received = row.count;
  for (const row of firstReplies) rowOf(row.unit, row.span).medianSecondsToFirstReply = row.median;
  for (const row of decisions) {
    const figures = rowOf(row.unit, row.span);
    figures.resolved = row.count;
    figures.medianSecondsToDecision = row.median;
  }
  return [...rows.values()];
}
