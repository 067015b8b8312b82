import { APPEAL_DAYS, DELIVERY_FICTION_DAYS, type DecisionDeliveryResponse, type DeliveryWay } from '@portal/contract';
import { addTermDays, endOfDueDate, nextWorkingDayFrom, type Pause, termDueDate, warsawDateOf } from '../../../plugins/legal-clock/terms.js';

/*
 * The dates of answering back, computed on every read from stored facts and the caller's "now"
 * (never by a job, never from a client): the delivery of a decision (opened, or deemed on the
 * 14th day), the last day to appeal, and a case's term with its pauses and its appeal.
 */

/** A decision as stored. */
export interface DecisionFacts {
  decidedAt: string;
  openedAt: string | null;
}

/** The day a decision not opened counts as delivered: the 14th day after the decision's day (Warsaw). */
export const deemedDeliveryDateOf = (decidedAt: string): string => addTermDays(warsawDateOf(decidedAt), DELIVERY_FICTION_DAYS);

/** The instant a Warsaw day begins, ISO 8601 UTC. */
const startOfDay = (date: string): string => endOfDueDate(addTermDays(date, -1));

export interface Delivery {
  deliveredAt: string;
  deliveryDate: string;
  deliveredHow: DeliveryWay;
}

/**
 * The delivery of a decision as of `now`: the citizen's first opening when it came before the
 * 14th day; else, once that day has begun, the fiction of delivery on it; else none yet.
 */
export function deliveryOf({ decidedAt, openedAt }: DecisionFacts, now: Date): Delivery | null {
  const deemed = deemedDeliveryDateOf(decidedAt);
  if (openedAt !== null && warsawDateOf(openedAt) <= deemed) {
    return { deliveredAt: openedAt, deliveryDate: warsawDateOf(openedAt), deliveredHow: 'opened' };
  }
  const deemedAt = startOfDay(deemed);
  if (now.getTime() >= Date.parse(deemedAt)) return { deliveredAt: deemedAt, deliveryDate: deemed, deliveredHow: 'deemed' };
  return null;
}

/** KPA art. 129 §2 with art. 57 §5: 14 days from the delivery, moved off a day off. */
export const appealUntilOf = (deliveryDate: string): string => nextWorkingDayFrom(addTermDays(deliveryDate, APPEAL_DAYS));

/** True once the last day to appeal has ended in Warsaw. */
export const appealWindowClosed = (appealUntil: string, now: Date): boolean => now.getTime() >= Date.parse(endOfDueDate(appealUntil));

export type DecisionDates = Pick<DecisionDeliveryResponse, 'deliveredAt' | 'deliveryDate' | 'deliveredHow' | 'deemedDeliveryDate' | 'appealUntil'>;

/** Every date the decision's screen shows. */
export function decisionDatesOf(decision: DecisionFacts & { status: string }, now: Date): DecisionDates {
  const delivery = deliveryOf(decision, now);
  return {
    deliveredAt: delivery?.deliveredAt ?? null,
    deliveryDate: delivery?.deliveryDate ?? null,
    deliveredHow: delivery?.deliveredHow ?? null,
    deemedDeliveryDate: deemedDeliveryDateOf(decision.decidedAt),
    appealUntil: decision.status === 'REJECTED' && delivery ? appealUntilOf(delivery.deliveryDate) : null,
  };
}

/** What a case's term is counted from: its latest appeal (a new term), else its submission. */
export interface TermStart {
  submittedAt: string;
  appealedAt: string | null;
  months: number;
  /** Every request to supplement: those since the term's start pause it. */
  pauses: readonly Pause[];
}

/** The case's due date: the term from its start, lengthened by the pauses since then (art. 35 §5). */
export function caseDueDate({ submittedAt, appealedAt, months, pauses }: TermStart): string | null {
  const startedAt = appealedAt ?? submittedAt;
  return termDueDate({ startedAt, months, pauses: pauses.filter((pause) => pause.from >= startedAt) });
}
