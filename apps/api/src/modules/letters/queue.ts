import type { ConversationListItem, ListConversationsQuery } from '@portal/contract';
import { addTermDays, isPastDue, startOfWarsawDay, workingDaysWaited } from '../../plugins/legal-clock/terms.js';
import type { ConversationFilter } from './repository.js';

/*
 * The letter queue's additions (issue 33 point 2), beside the spec's GET /api/conversations: the
 * optional order, department and archive dates, and each entry's overdue mark and working days
 * waited. Without the optional parameters a list answers as the spec's did.
 */

/** The repository's filter from the query's optional parameters (the archive's days are Warsaw's). */
export function queueFilterOf(query: Pick<ListConversationsQuery, 'q' | 'order' | 'department' | 'resolvedFrom' | 'resolvedTo' | 'limit'>): ConversationFilter {
  return {
    ...(query.q ? { search: query.q } : {}),
    ...(query.order ? { order: query.order } : {}),
    ...(query.department ? { department: query.department } : {}),
    ...(query.resolvedFrom ? { resolvedFrom: startOfWarsawDay(query.resolvedFrom) } : {}),
    // The last day is included: before the start of the day after it.
    ...(query.resolvedTo ? { resolvedBefore: startOfWarsawDay(addTermDays(query.resolvedTo, 1)) } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
  };
}

/** Each entry with its overdue mark (unresolved and past its last day) and working days waited. */
export function withWaiting(items: ConversationListItem[], now: Date): ConversationListItem[] {
  return items.map((item) => {
    const resolved = item.status === 'RESOLVED';
    return {
      ...item,
      overdue: !resolved && item.dueDate !== null && isPastDue(item.dueDate, now),
      waitingWorkingDays: workingDaysWaited(item.createdAt, resolved && item.resolvedDate ? item.resolvedDate : now),
    };
  });
}
