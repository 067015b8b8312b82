import {
  CASE_TYPES,
  type CaseTermEntry,
  type CaseType,
  DEFAULT_CASE_TERM_MONTHS,
  DEFAULT_COMPLICATED_TERM_MONTHS,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { createCaseDueDates } from './desk/due-dates.js';
import { OPEN_CASE_STATUSES } from './due-date.js';

/** The case type's ordinary term as an expression of an insert: the admin's months, else the default. */
export const caseTypeTermMonths = (caseType: CaseType) =>
  sql<number>`coalesce((select months from case_type_terms where case_type = ${caseType}), ${DEFAULT_CASE_TERM_MONTHS})`;

/** SQL for the admin's terms of cases, per case type (issue 32); takes an optional transaction. */
export function createCaseTermsRepository(db: Db) {
  return {
    /** Every case type in the contract's order, with the defaults where no row was set. */
    async list(executor: Db = db): Promise<CaseTermEntry[]> {
      const rows = await executor.selectFrom('case_type_terms').select(['case_type', 'months', 'complicated_months']).execute();
      const set = new Map(rows.map((row) => [row.case_type, row]));
      return CASE_TYPES.map((caseType) => {
        const row = set.get(caseType);
        return {
          caseType,
          months: row ? Number(row.months) : DEFAULT_CASE_TERM_MONTHS,
          complicatedMonths: row ? Number(row.complicated_months) : DEFAULT_COMPLICATED_TERM_MONTHS,
        };
      });
    },

    async save(entries: readonly CaseTermEntry[], executor: Db): Promise<void> {
      for (const { caseType, months, complicatedMonths } of entries) {
        await executor
          .insertInto('case_type_terms')
          .values({ case_type: caseType, months, complicated_months: complicatedMonths })
          .onConflict((conflict) => conflict.column('case_type').doUpdateSet({ months, complicated_months: complicatedMonths }))
          .execute();
      }
    },

    /**
     * The case's longer term, once, with the clerk's reason, while it is undecided. Answers the
     * months before and after, or undefined when the case is decided or was already extended
     * (another clerk's click may have come first: the WHERE decides, not an earlier read).
     */
    async extend(caseId: number, reason: string, executor: Db): Promise<{ before: number; after: number } | undefined> {
      const before = await executor.selectFrom('case_resolutions').select('term_months').where('id', '=', caseId).executeTakeFirst();
      const updated = await executor
        .updateTable('case_resolutions')
        .set({
          term_months: sql<number>`coalesce((select complicated_months from case_type_terms t where t.case_type = case_resolutions.case_type), ${DEFAULT_COMPLICATED_TERM_MONTHS})`,
          complicated_reason: reason,
        })
        .where('id', '=', caseId)
        .where('complicated_reason', 'is', null)
        .where('status', 'in', [...OPEN_CASE_STATUSES])
        .returning('term_months')
        .executeTakeFirst();
      if (!before || !updated) return undefined;
      // The longer term moves the stored sort key of staff's lists with it (issue 33).
      await createCaseDueDates(db).store([caseId], executor);
      return { before: Number(before.term_months), after: Number(updated.term_months) };
    },
  };
}

export type CaseTermsRepository = ReturnType<typeof createCaseTermsRepository>;
