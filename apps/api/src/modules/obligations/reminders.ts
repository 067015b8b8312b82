import { groszeToDecimal, obligationTransferTitle, type PaymentStatus, type TransferHint } from '@portal/contract';
import type { PaymentAccountConfig } from './config.js';
import type { Db } from '../../db/database.js';
import type { NotificationsPort } from '../../ports/notifications.js';

/** The city's calendar: "the day after the due date" is a Warsaw day, whatever the server's zone. */
const CITY_TIME_ZONE = 'Europe/Warsaw';
const cityDate = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: CITY_TIME_ZONE }).format(now);
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A reminder is still sent this many days late when no process ran the schedule on its day. */
const LATE_TOLERANCE_DAYS = 3;
const DUE_SOON_DAYS = 7;

interface Candidate {
  id: number;
  interestId: number;
  amountGrosze: number;
  dueDate: string;
  issueDate: string;
  description: string | null;
  createdAt: string;
  paymentStatus: PaymentStatus;
}

export function transferHint(obligation: { id: number; description: string | null; paymentStatus: PaymentStatus }, account: PaymentAccountConfig | null): TransferHint | null {
  if (!account || obligation.paymentStatus === 'PAID') return null;
  return { accountNumber: account.nrb, recipientName: account.recipientName, title: obligationTransferTitle(obligation) };
}

/**
 * Obligation reminders (issue 18): "due in 7 days" and "overdue" the day after the due date, once
 * each per obligation (the outbox's once-ever key, so whichever process runs the schedule, and
 * however often, each is queued once) and only while unpaid (checked again when sent).
 */
export function obligationReminderJob({ db, notifications, paymentAccount }: { db: Db; notifications: NotificationsPort; paymentAccount: PaymentAccountConfig | null }) {
  async function candidates(from: string, to: string): Promise<Candidate[]> {
    const rows = await db
      .selectFrom('financial_obligations')
      .select(['id', 'interest_id', 'amount_grosze', 'due_date', 'issue_date', 'description', 'created_at', 'payment_status'])
      .where('due_date', '>=', from)
      .where('due_date', '<=', to)
      .where('payment_status', '<>', 'PAID')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      interestId: Number(row.interest_id),
      amountGrosze: Number(row.amount_grosze),
      dueDate: row.due_date,
      issueDate: row.issue_date,
      description: row.description,
      createdAt: row.created_at,
      paymentStatus: row.payment_status,
    }));
  }

  async function queue(kind: 'obligation-due-soon' | 'obligation-overdue', list: Candidate[]): Promise<number> {
    const keyOf = (id: number) => `${kind}:${id}`;
    const unused = new Set(await notifications.unusedOnceKeys(list.map((o) => keyOf(o.id))));
    let queued = 0;
    for (const o of list.filter((candidate) => unused.has(keyOf(candidate.id)))) {
      const event = {
        kind,
        obligationId: o.id,
        amount: groszeToDecimal(o.amountGrosze),
        dueDate: o.dueDate,
        transfer: transferHint(o, paymentAccount),
        description: o.description,
      };
      await db.transaction().execute((trx) => notifications.enqueue(trx, o.interestId, event, { onceKey: keyOf(o.id) }));
      queued += 1;
    }
    return queued;
  }

  return async (now: Date): Promise<number> => {
    const today = cityDate(now);
    // Due in 7 days: announced a week ahead (or up to a few days late); never for an obligation
    // issued inside that week, whose creation email already said when it is due.
    const dueSoon = (await candidates(addDays(today, DUE_SOON_DAYS - LATE_TOLERANCE_DAYS), addDays(today, DUE_SOON_DAYS))).filter(
      (o) => o.issueDate < addDays(o.dueDate, -DUE_SOON_DAYS),
    );
    const overdue = await candidates(addDays(today, -1 - LATE_TOLERANCE_DAYS), addDays(today, -1));
    return (await queue('obligation-due-soon', dueSoon)) + (await queue('obligation-overdue', overdue));
  };
}

/** Unpaid still, each of `obligationIds`? A reminder or creation email about a paid obligation is not sent. */
export async function areUnpaid(db: Db, obligationIds: readonly number[]): Promise<boolean[]> {
  if (obligationIds.length === 0) return [];
  const rows = await db
    .selectFrom('financial_obligations')
    .select(['id', 'payment_status'])
    .where('id', 'in', [...new Set(obligationIds)])
    .execute();
  const unpaid = new Set(rows.filter((row) => row.payment_status !== 'PAID').map((row) => Number(row.id)));
  return obligationIds.map((id) => unpaid.has(id));
}
