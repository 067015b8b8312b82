import { DEFAULT_LETTER_TERM_MONTHS, DEPARTMENTS, type Department, type LetterTermEntry } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The department's term as an expression of an insert: the admin's months, else the default. */
export const departmentTermMonths = (department: Department) =>
  sql<number>`coalesce((select months from department_terms where department = ${department}), ${DEFAULT_LETTER_TERM_MONTHS})`;

/** SQL for the admin's terms of letters, per department (issue 32); takes an optional transaction. */
export function createLetterTermsRepository(db: Db) {
  return {
    /** Every department in the contract's order, with the default where no row was set. */
    async list(executor: Db = db): Promise<LetterTermEntry[]> {
      const rows = await executor.selectFrom('department_terms').select(['department', 'months']).execute();
      const set = new Map(rows.map((row) => [row.department, Number(row.months)]));
      return DEPARTMENTS.map((department) => ({ department, months: set.get(department) ?? DEFAULT_LETTER_TERM_MONTHS }));
    },

    async save(entries: readonly LetterTermEntry[], executor: Db): Promise<void> {
      for (const { department, months } of entries) {
        await executor
          .insertInto('department_terms')
          .values({ department, months })
          .onConflict((conflict) => conflict.column('department').doUpdateSet({ months }))
          .execute();
      }
    },
  };
}

export type LetterTermsRepository = ReturnType<typeof createLetterTermsRepository>;
