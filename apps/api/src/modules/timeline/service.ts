import { caseReference, letterReference, type ReceiptSummary, type TimelineActor, type TimelineEntry, type TimelineMatter, type TimelineResponse } from '@portal/contract';
import { notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { ReceiptsPort } from '../../ports/receipts.js';
import type { UsersPort } from '../../ports/users.js';
import type { TimelineRepository, TimelineRow } from './repository.js';

export interface TimelineServiceDeps {
  timeline: TimelineRepository;
  users: Pick<UsersPort, 'findContacts'>;
  receipts: Pick<ReceiptsPort, 'list'>;
}

const isStaff = (user: AuthUser) => user.role !== 'USER';
const actorRoleOf = (role: string | undefined): TimelineActor => (role === 'USER' ? 'citizen' : role === 'ADMIN' ? 'admin' : 'office');

/**
 * Consecutive messages from the same side read as one entry ("3 messages from the office"): the
 * chat holds each of them; the timeline says that the conversation moved, and when it started to.
 */
export function collapseMessages(entries: readonly TimelineEntry[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    if (entry.type === 'message-sent' && last?.type === 'message-sent' && last.facts.from === entry.facts.from) {
      out[out.length - 1] = { ...last, facts: { ...last.facts, count: Number(last.facts.count ?? 1) + 1, lastAt: entry.at } };
    } else {
      out.push(entry.type === 'message-sent' ? { ...entry, facts: { ...entry.facts, count: 1, lastAt: entry.at } } : entry);
    }
  }
  return out;
}

/**
 * The receipt of each row: a receipt is issued in the transaction of the event it proves, with the
 * event's time, so the row of the same moment (and, where one moment holds two, the same type) is its row.
 */
function receiptFor(row: TimelineRow, receipts: readonly ReceiptSummary[]): number | null {
  const same = receipts.filter((receipt) => receipt.issuedAt === row.at);
  return (same.find((receipt) => receipt.kind === row.eventType) ?? same[0])?.id ?? null;
}

/** Reads the timelines the subscriber wrote: the citizen's without staff's notes, staff's whole. */
export function createTimelineService({ timeline, users, receipts }: TimelineServiceDeps) {
  return {
    /** The owner may read their matter's timeline, staff any (the policy lets staff past); unknown ids are a 404. */
    async mayRead(matter: TimelineMatter, matterId: number, user: AuthUser): Promise<boolean> {
      const ownerId = await timeline.ownerOf(matter, matterId);
      if (ownerId === undefined) throw notFound();
      return isStaff(user) || ownerId === user.id;
    },

    async read(matter: TimelineMatter, matterId: number, user: AuthUser): Promise<TimelineResponse> {
      const rows = await timeline.list(matter, matterId, isStaff(user));
      if (rows.length === 0) throw notFound();
      const actorIds = [...new Set(rows.flatMap((row) => (row.actorId === null ? [] : [row.actorId])))];
      const conversationId = matter === 'letter' ? rows.map((row) => row.facts.conversationId).find((id) => typeof id === 'number') : matterId;
      const [contacts, issued] = await Promise.all([
        users.findContacts(actorIds),
        conversationId === undefined ? Promise.resolve([]) : receipts.list(matter === 'letter' ? 'conversation' : 'case', conversationId),
      ]);
      const entries = rows.map((row): TimelineEntry => {
        const contact = row.actorId === null ? undefined : contacts.get(row.actorId);
        const role = actorRoleOf(contact?.role);
        return {
          id: row.id,
          type: row.eventType,
          at: row.at,
          // A clerk is named as the letter view names who handles it; the citizen reads "you".
          actor: { role, name: role === 'citizen' || !contact ? null : `${contact.firstName} ${contact.lastName}`.trim() },
          facts: row.facts,
          receiptId: receiptFor(row, issued),
        };
      });
      return { reference: matter === 'letter' ? letterReference(matterId) : caseReference(matterId), entries: collapseMessages(entries) };
    },

    /** "My matters" asks when each of a citizen's matters last moved as the citizen's timeline tells it. */
    latestForOwner: (ownerId: number) => timeline.latestForOwner(ownerId),
  };
}

export type TimelineService = ReturnType<typeof createTimelineService>;
