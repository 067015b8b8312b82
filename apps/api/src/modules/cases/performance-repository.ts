import { CASES_UNIT } from '@portal/contract';
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
 * The cases' part of the performance figures (issue 33 points 8 and 9): one unit, as cases have no
 * department. A case arrives (`submission_date`, from which its term runs), is first acted on by
 * staff (`first_action_at`: taken or decided) and first decided (`decided_at`).
 */
export function createCasePerformanceRepository(db: Db) {
  const engine = engineOf(db);
  return {
    async performanceFigures(bounds: readonly string[]): Promise<SpanFigures[]> {
      const from = bounds[0];
      const to = bounds[bounds.length - 1];
      if (from === undefined || to === undefined || bounds.length < 2) return [];
      const [received, firstReplies, decisions] = await Promise.all([
        countsOf(
          db,
          sql<{ unit: string; span: number }>`select ${sql.lit(CASES_UNIT)} as unit, ${spanOf(sql.ref('submission_date'), bounds)} as span
            from case_resolutions where submission_date >= ${from} and submission_date < ${to}`,
        ),
        mediansOf(
          db,
          sql<DurationRow>`select ${sql.lit(CASES_UNIT)} as unit, ${spanOf(sql.ref('first_action_at'), bounds)} as span,
              ${secondsBetween(engine, sql.ref('submission_date'), sql.ref('first_action_at'))} as secs
            from case_resolutions where first_action_at >= ${from} and first_action_at < ${to}`,
        ),
        mediansOf(
          db,
          sql<DurationRow>`select ${sql.lit(CASES_UNIT)} as unit, ${spanOf(sql.ref('decided_at'), bounds)} as span,
              ${secondsBetween(engine, sql.ref('submission_date'), sql.ref('decided_at'))} as secs
            from case_resolutions where decided_at >= ${from} and decided_at < ${to}`,
        ),
      ]);
      return spanFigures(received, firstReplies, decisions);
    },

    /** Open cases, and of those the ones whose stored due date (due-date.ts's: pauses, appeals, notices) ended before `today`. */
    async openFigures(today: string): Promise<OpenFigures[]> {
      const overdue = sql<boolean>`due_date < ${today}`;
      const { rows } = await sql<{ open: number | string; overdue: number | string | null }>`
        select count(*) as open, sum(case when ${overdue} then 1 else 0 end) as overdue
        from case_resolutions where status in ('PENDING', 'IN_PROGRESS')`.execute(db);
      const row = rows[0];
      return [{ unit: CASES_UNIT, open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) }];
    },
  };
}
