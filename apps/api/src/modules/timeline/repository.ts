import type { TimelineMatter } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { fromFlag, toFlag } from '../../db/portable.js';
import type { MatterActivity } from '../../ports/matters.js';
import type { NewTimelineEntry } from './entry-of.js';

export interface TimelineRow {
  id: number;
  eventType: string;
  at: string;
  actorId: number | null;
  facts: Record<string, string | number | boolean | null>;
  staffOnly: boolean;
}

const parseFacts = (text: string): TimelineRow['facts'] => {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as TimelineRow['facts']) : {};
};

/** SQL of the timeline module's one table, `timeline_entries`. */
export function createTimelineRepository(db: Db) {
  return {
    async insert(entry: NewTimelineEntry, executor: Db): Promise<void> {
      await executor
        .insertInto('timeline_entries')
        .values({
          matter: entry.matter,
          matter_id: entry.matterId,
          owner_id: entry.ownerId,
          event_type: entry.eventType,
          at: entry.at,
          actor_id: entry.actorId,
          facts: JSON.stringify(entry.facts),
          staff_only: toFlag(entry.staffOnly),
        })
        .execute();
    },

    /** The matter's owner, or undefined when the timeline has never heard of it. */
    async ownerOf(matter: TimelineMatter, matterId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('timeline_entries')
        .select('owner_id')
        .where('matter', '=', matter)
        .where('matter_id', '=', matterId)
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.owner_id) : undefined;
    },

    /** The matter's rows in the order they happened (the id breaks ties of one moment). */
    async list(matter: TimelineMatter, matterId: number, withStaffOnly: boolean): Promise<TimelineRow[]> {
      let query = db
        .selectFrom('timeline_entries')
        .select(['id', 'event_type', 'at', 'actor_id', 'facts', 'staff_only'])
        .where('matter', '=', matter)
        .where('matter_id', '=', matterId);
      if (!withStaffOnly) query = query.where('staff_only', '=', 0);
      const rows = await query.orderBy('at').orderBy('id').execute();
      return rows.map((row) => ({
        id: Number(row.id),
        eventType: row.event_type,
        at: row.at,
        actorId: row.actor_id === null ? null : Number(row.actor_id),
        facts: parseFacts(row.facts),
        staffOnly: fromFlag(row.staff_only),
      }));
    },

    /** A person's own timelines, for their export: what they may read, oldest first. */
    listForOwner: (ownerId: number) =>
      db
        .selectFrom('timeline_entries')
        .select(['matter', 'matter_id', 'event_type', 'at', 'facts'])
        .where('owner_id', '=', ownerId)
        .where('staff_only', '=', 0)
        .orderBy('id')
        .execute(),

    /** The newest entry a citizen may read of each of their matters ("My matters"' last activity). */
    async latestForOwner(ownerId: number): Promise<MatterActivity[]> {
      const rows = await db
        .selectFrom('timeline_entries')
        .select(['matter', 'matter_id', (eb) => eb.fn.max('at').as('at')])
        .where('owner_id', '=', ownerId)
        .where('staff_only', '=', 0)
        .groupBy(['matter', 'matter_id'])
        .execute();
      return rows.map((row) => ({ matter: row.matter === 'case' ? 'case' : 'letter', matterId: Number(row.matter_id), at: row.at }));
    },

    /** An account's closure: the timelines of its matters go (the letters, cases and receipts keep the record). */
    async deleteForOwner(ownerId: number, executor: Db): Promise<void> {
      await executor.deleteFrom('timeline_entries').where('owner_id', '=', ownerId).execute();
    },
  };
}

export type TimelineRepository = ReturnType<typeof createTimelineRepository>;
