import type { PaymentStatus } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import type { FinancialObligationRow } from '../../db/schema.js';

export interface NewObligation {
  interestId: number;
  amountGrosze: number;
  dueDate: string;
  issueDate: string;
  paymentStatus: PaymentStatus;
  description: string | null;
  createdBy: number;
}

/** An obligation as the module works with it: money in integer grosze. */
export interface Obligation {
  id: number;
  interestId: number;
  amountGrosze: number;
  dueDate: string;
  issueDate: string;
  paymentStatus: PaymentStatus;
  description: string | null;
  createdBy: number;
  createdAt: string;
}

function toObligation(row: FinancialObligationRow): Obligation {
  // PostgreSQL answers a bigint as text; every amount is below 2^53, so Number() is exact.
  const amountGrosze = Number(row.amount_grosze);
  if (!Number.isSafeInteger(amountGrosze)) throw new Error(`Obligation ${row.id} has an amount beyond exact integers`);
  return {
    id: Number(row.id),
    interestId: Number(row.interest_id),
    amountGrosze,
    dueDate: row.due_date,
    issueDate: row.issue_date,
    paymentStatus: row.payment_status,
    description: row.description,
    createdBy: Number(row.created_by),
    createdAt: row.created_at,
  };
}

/** SQL for financial_obligations; every method takes an optional executor (a transaction). */
export function createObligationsRepository(db: Db) {
  return {
    async insert(obligation: NewObligation, executor: Db = db): Promise<Obligation> {
      const row = await executor
        .insertInto('financial_obligations')
        .values({
          interest_id: obligation.interestId,
          amount_grosze: obligation.amountGrosze,
          due_date: obligation.dueDate,
          issue_date: obligation.issueDate,
          payment_status: obligation.paymentStatus,
          description: obligation.description,
          created_by: obligation.createdBy,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toObligation(row);
    },

    /** One person's obligations by due date (oldest first), from the (interest_id, due_date, id) index. */
    async listByInterest(interestId: number, executor: Db = db): Promise<Obligation[]> {
      const rows = await executor
        .selectFrom('financial_obligations')
        .selectAll()
        .where('interest_id', '=', interestId)
        .orderBy('due_date')
        .orderBy('id')
        .execute();
      return rows.map(toObligation);
    },

    /** The description and the owner's name of each obligation that exists (the Audit Log names its records). */
    async namesFor(ids: readonly number[], executor: Db = db) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom('financial_obligations as o')
        .innerJoin('users as owner', 'owner.id', 'o.interest_id')
        .select(['o.id', 'o.description', 'owner.first_name', 'owner.last_name'])
        .where('o.id', 'in', ids)
        .execute();
    },
  };
}

export type ObligationsRepository = ReturnType<typeof createObligationsRepository>;
