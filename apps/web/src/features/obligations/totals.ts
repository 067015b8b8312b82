import { decimalToGrosze, groszeToDecimal, type ObligationResponse, type PaymentStatus, todayIsoDate } from '@portal/contract';

type Money = Pick<ObligationResponse, 'amount' | 'dueDate' | 'paymentStatus'>;

/** Sums of grosze are BigInts: exact at any size, never a float. */
export interface YearTotal {
  year: number;
  grosze: bigint;
}

/** Totals per year of the due date, oldest first: the chart with 'All Years' chosen. */
export function yearlyTotals(obligations: readonly Money[]): YearTotal[] {
  const byYear = new Map<number, bigint>();
  for (const obligation of obligations) {
    const year = Number(obligation.dueDate.slice(0, 4));
    byYear.set(year, (byYear.get(year) ?? 0n) + decimalToGrosze(obligation.amount));
  }
  return [...byYear].map(([year, grosze]) => ({ year, grosze })).sort((a, b) => a.year - b.year);
}

/** Twelve totals, January to December, of the obligations due in `year`. */
export function monthlyTotals(obligations: readonly Money[], year: number): bigint[] {
  const months = Array.from({ length: 12 }, () => 0n);
  for (const obligation of obligations) {
    if (Number(obligation.dueDate.slice(0, 4)) !== year) continue;
    const month = Number(obligation.dueDate.slice(5, 7));
    months[month - 1] = (months[month - 1] ?? 0n) + decimalToGrosze(obligation.amount);
  }
  return months;
}

/** The years found in the data, for the year selector. */
export function yearsOf(obligations: readonly Money[]): number[] {
  return yearlyTotals(obligations).map((total) => total.year);
}

/** What is still to pay: every obligation not PAID, as exact decimal text ("0.30"). */
export function totalToPay(obligations: readonly Money[]): string {
  const grosze = obligations
    .filter((obligation) => obligation.paymentStatus !== 'PAID')
    .reduce((sum, obligation) => sum + decimalToGrosze(obligation.amount), 0n);
  return groszeToDecimal(grosze);
}

/**
 * A PENDING obligation whose due date is before today: shown as past due. Its stored status stays
 * PENDING (the spec has no transitions); OVERDUE ones say so themselves, PAID ones are settled.
 */
export function isPastDue(obligation: Pick<ObligationResponse, 'dueDate' | 'paymentStatus'>, today: string = todayIsoDate()): boolean {
  return obligation.paymentStatus === 'PENDING' && obligation.dueDate < today;
}

/**
 * The status a payer reads (issue 35): an unpaid obligation past its due date is 'Overdue' whether
 * it was stored OVERDUE or is a PENDING one whose date has passed: one name, one mark.
 */
export function statusShown(obligation: Pick<ObligationResponse, 'dueDate' | 'paymentStatus'>, today: string = todayIsoDate()): PaymentStatus {
  return isPastDue(obligation, today) ? 'OVERDUE' : obligation.paymentStatus;
}

/**
 * The order a payer looks at a list in (issue 35): what is still to pay first, the earliest due date
 * on top (so overdue ones lead), then what is paid, the latest due date first.
 */
export function inPayerOrder<Item extends Pick<ObligationResponse, 'id' | 'dueDate' | 'paymentStatus'>>(obligations: readonly Item[]): Item[] {
  const isPaid = (obligation: Item) => obligation.paymentStatus === 'PAID';
  return [...obligations].sort((a, b) => {
    if (isPaid(a) !== isPaid(b)) return isPaid(a) ? 1 : -1;
    const byDue = a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id;
    return isPaid(a) ? -byDue : byDue;
  });
}

/** Grosze as PLN for drawing a bar (a picture, not money: the table and labels use the exact text). */
export const groszeToChartValue = (grosze: bigint): number => Number(grosze) / 100;
