import { sql } from 'kysely';
import {
  countsOf,
  type DurationRow,
  mediansOf,
  type OpenFigures,
  type SpanFigures,
  secondsBetween,
  spanFigures,
  spanOf,
} from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';

/**
 * The letters' part of the performance figures (issue 33 points 8 and 9), per department the
 * letter was written to. A letter arrives with its conversation (`conversations.created_at`, from
 * which its term runs), is first answered by a clerk's first message (`first_reply_at`) and is
 * resolved (`resolved_date`); each is counted by the span it falls in, over its own index.
 */
export function createLetterPerformanceRepository(db: Db) {
  const engine = engineOf(db);
  return {
    /** Per department and span [bounds[i], bounds[i + 1]): arrivals, resolutions and the medians. */
    async performanceFigures(bounds: readonly string[]): Promise<SpanFigures[]> {
      const from = bounds[0];
      const to = bounds[bounds.length - 1];
      if (from === undefined || to === undefined || bounds.length < 2) return [];
      const [received, firstReplies, decisions] = await Promise.all([
        countsOf(
          db,
          sql<{ unit: string; span: number }>`select l.recipient as unit, ${spanOf(sql.ref('c.created_at'), bounds)} as span
            from conversations c join letters l on l.id = c.letter_id
            where c.created_at >= ${from} and c.created_at < ${to}`,
        ),
        mediansOf(
          db,
          sql<DurationRow>`select l.recipient as unit, ${spanOf(sql.ref('c.first_reply_at'), bounds)} as span,
              ${secondsBetween(engine, sql.ref('c.created_at'), sql.ref('c.first_reply_at'))} as secs
            from conversations c join letters l on l.id = c.letter_id
            where c.first_reply_at >= ${from} and c.first_reply_at < ${to}`,
        ),
        mediansOf(
          db,
          sql<DurationRow>`select l.recipient as unit, ${spanOf(sql.ref('c.resolved_date'), bounds)} as span,
              ${secondsBetween(engine, sql.ref('c.created_at'), sql.ref('c.resolved_date'))} as secs
            from conversations c join letters l on l.id = c.letter_id
            where c.status = 'RESOLVED' and c.resolved_date >= ${from} and c.resolved_date < ${to}`,
        ),
      ]);
      return spanFigures(received, firstReplies, decisions);
    },

    /**
     * Per department: conversations not resolved now (read along the status index: few of many), and
     * of those the ones whose stored due date (due-date.ts's, delay notices included) ended before `today`.
     */
    async openFigures(today: string): Promise<OpenFigures[]> {
      const overdue = sql<boolean>`c.due_date < ${today}`;
      const { rows } = await sql<{ unit: string; open: number | string; overdue: number | string | null }>`
        select l.recipient as unit, count(*) as open, sum(case when ${overdue} then 1 else 0 end) as overdue
        from conversations c join letters l on l.id = c.letter_id
        where c.status in ('OPEN', 'IN_PROGRESS')
        group by l.recipient`.execute(db);
      return rows.map((row) => ({ unit: row.unit, open: Number(row.open), overdue: Number(row.overdue ?? 0) }));
    },
  };
}
