import { DEADLINE_WARNINGS, type TermedMatterKind, TERMED_MATTER_KINDS } from '@portal/contract';
import { nowIso } from '../../db/portable.js';
import type { PortalEvents } from '../../plugins/events.js';
import { warningsReached } from '../../plugins/legal-clock/deadline.js';
import type { UsersPort } from '../../ports/users.js';
import { eventFactsOf, type Matters } from './matters.js';
import { type DeadlinesRepository, warningKey } from './repository.js';

/**
 * The clerk's warnings (issue 32 point 5), a scheduled job of the notifications worker: each open
 * matter past 75 % of its term, on its last 3 working days, and once overdue gets ONE bell entry
 * per threshold and due date (a delay notice's new date starts them again). A job that first finds a
 * matter late tells only of its highest threshold and records the lower ones as given.
 *
 * Who hears: the clerk who took the matter; while nobody has, every active employee, because the
 * open queue is all of theirs and any of them may take it (admins hear of a late matter when the
 * citizen prompts).
 *
 * Several API processes may run it at the same moment: the warnings table's primary key lets
 * one transaction record a warning, and only the one that recorded it emits the event.
 */
export function deadlineWarningJob(deps: { repository: DeadlinesRepository; matters: Matters; users: Pick<UsersPort, 'listUsers'>; events: Pick<PortalEvents, 'transaction' | 'emit'> }) {
  const { repository, matters, users, events } = deps;
  return async (now: Date): Promise<number> => {
    let told = 0;
    let clerks: number[] | undefined;
    const everyClerk = async () => (clerks ??= (await users.listUsers({ role: 'EMPLOYEE' })).filter((user) => user.enabled).map((user) => user.id));
    for (const kind of TERMED_MATTER_KINDS as readonly TermedMatterKind[]) {
      const open = await matters.listOpen(kind, now);
      const given = await repository.givenWarnings(kind, open.map((matter) => matter.id));
      for (const matter of open) {
        const dueDate = matter.dueDate;
        if (dueDate === null) continue;
        const reached = warningsReached(matter, now);
        if (reached.length === 0 || reached.every((warning) => given.has(warningKey(matter.id, dueDate, warning)))) continue;
        const warning = reached.at(-1) ?? DEADLINE_WARNINGS[0];
        const recipientIds = matter.handlerId === null ? await everyClerk() : [matter.handlerId];
        await events.transaction(async (trx) => {
          const recorded = await repository.recordWarnings(matter, dueDate, reached, nowIso(now), trx);
          if (!recorded.includes(warning)) return;
          await events.emit(trx, { type: 'matter-deadline-warning', at: nowIso(now), actorId: 0, actorLanguage: 'en', ...eventFactsOf(matter), warning, dueDate, recipientIds });
          told += 1;
        });
      }
    }
    return told;
  };
}
