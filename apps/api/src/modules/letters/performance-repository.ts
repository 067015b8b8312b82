import { sql } from 'kysely';
import type { OpenFigures } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';

/**
 * The letters' part of the performance figures (issue 33 points 8 and 9): what is open now, per
 * department the letter was written to. The spans' counts and medians are the performance
 * module's own rows (it hears the letters' events).
 */
export function createLetterPerformanceRepository(db: Db) {
  return {
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
