import { CASES_UNIT } from '@portal/contract';
import { sql } from 'kysely';
import type { OpenFigures } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';

/**
 * The cases' part of the performance figures (issue 33 points 8 and 9): what is open now, one unit
 * as cases have no department. The spans' counts and medians are the performance module's own rows.
 */
export function createCasePerformanceRepository(db: Db) {
  return {
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
