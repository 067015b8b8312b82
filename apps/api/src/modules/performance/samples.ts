import { CASES_UNIT, type PortalEvent } from '@portal/contract';
import { sql } from 'kysely';
import { countsOf, type DurationRow, mediansOf, type SpanFigures, spanFigures, spanOf } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';

/*
 * The performance module's own rows (migration 0065): what it hears of the letters' and cases'
 * events, inside each change's transaction, so a rolled-back change leaves nothing and each
 * committed change writes once whichever process made it (the key is the matter and the kind:
 * a repeated first reply or decision keeps the first, as the letters' and cases' own columns do).
 *
 * Counters alone cannot give the medians the dashboard shows exactly (a median is not a sum), so
 * each counted moment is a row with its duration; a span's counts and medians are then one range
 * of the (kind, at) index of this narrow table, with no join and no date arithmetic at read time.
 */

type Kind = 'received' | 'first-reply' | 'decision';
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

export function createPerformanceSamples(db: Db) {
  async function arrival(trx: Db, matter: 'letter' | 'case', id: number) {
    return trx.selectFrom('performance_samples').select(['unit', 'at']).where('matter', '=', matter).where('matter_id', '=', id).where('kind', '=', 'received').executeTakeFirst();
  }

  /** A moment after the arrival: kept as first written (`replace`: a letter's latest resolution). */
  async function moment(trx: Db, matter: 'letter' | 'case', id: number, kind: Kind, at: string, replace = false): Promise<void> {
    const received = await arrival(trx, matter, id);
    // A matter from before the table (and its backfill) has no arrival row: it is not counted.
    if (!received) return;
    const row = { matter, matter_id: id, kind, unit: received.unit, at, secs: seconds(received.at, at) };
    await trx
      .insertInto('performance_samples')
      .values(row)
      .onConflict((conflict) => (replace ? conflict.columns(['matter', 'matter_id', 'kind']).doUpdateSet({ at, secs: row.secs }) : conflict.columns(['matter', 'matter_id', 'kind']).doNothing()))
      .execute();
  }

  async function received(trx: Db, matter: 'letter' | 'case', id: number, unit: string, at: string): Promise<void> {
    await trx.insertInto('performance_samples').values({ matter, matter_id: id, kind: 'received', unit, at, secs: null }).onConflict((conflict) => conflict.doNothing()).execute();
  }

  return {
    /** The in-transaction subscriber: the events that move a figure. */
    async hear(trx: Db, event: PortalEvent): Promise<void> {
      switch (event.type) {
        case 'letter-sent':
          return received(trx, 'letter', event.conversationId, event.department, event.at);
        case 'message-sent':
          // Staff's first message (anyone but the letter's writer), as conversations.first_reply_at.
          if (event.message.senderId !== event.ownerId) await moment(trx, 'letter', event.conversationId, 'first-reply', event.message.sentAt);
          return;
        case 'conversation-resolved':
          return moment(trx, 'letter', event.conversationId, 'decision', event.resolvedDate, true);
        case 'conversation-reopened-by-citizen':
          // No longer resolved: out of the resolutions until it is resolved again.
          await trx.deleteFrom('performance_samples').where('matter', '=', 'letter').where('matter_id', '=', event.conversationId).where('kind', '=', 'decision').execute();
          return;
        case 'conversation-transferred':
          if (event.department.before !== event.department.after) {
            await trx.updateTable('performance_samples').set({ unit: event.department.after }).where('matter', '=', 'letter').where('matter_id', '=', event.conversationId).execute();
          }
          return;
        case 'case-submitted':
          return received(trx, 'case', event.caseId, CASES_UNIT, event.at);
        case 'case-status-changed':
          if (event.before === event.after) return;
          // Staff's first status change, and the first decision (kept when a case is reopened or appealed).
          await moment(trx, 'case', event.caseId, 'first-reply', event.at);
          if (event.after === 'RESOLVED' || event.after === 'REJECTED') await moment(trx, 'case', event.caseId, 'decision', event.at);
          return;
        default:
          return;
      }
    },

    /** Per unit and span [bounds[i], bounds[i + 1]): arrivals, decisions and the two medians. */
    async figures(bounds: readonly string[]): Promise<SpanFigures[]> {
      const from = bounds[0];
      const to = bounds[bounds.length - 1];
      if (from === undefined || to === undefined || bounds.length < 2) return [];
      const span = (kind: Kind) => sql<DurationRow>`select unit, ${spanOf(sql.ref('at'), bounds)} as span, secs
        from performance_samples where kind = ${kind} and at >= ${from} and at < ${to}`;
      const [arrivals, firstReplies, decisions] = await Promise.all([countsOf(db, span('received')), mediansOf(db, span('first-reply')), mediansOf(db, span('decision'))]);
      return spanFigures(arrivals, firstReplies, decisions);
    },
  };
}

export type PerformanceSamples = ReturnType<typeof createPerformanceSamples>;
