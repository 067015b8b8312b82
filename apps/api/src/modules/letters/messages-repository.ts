import { fullName, type MessageResponse } from '@portal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import type { Database } from '../../db/schema.js';

// The chat half of the letters repository: a conversation's messages and who read how far.

/**
 * A page of a chat: the newest `limit` messages older than `before` (or the newest overall); with
 * `after`, the oldest `limit` messages newer than it; with `afterSeq`, the oldest `limit` whose
 * `seq` is larger, in `seq` (commit) order: the catch-up that cannot miss a message.
 */
export interface MessagePage {
  before?: number;
  after?: number;
  afterSeq?: number;
  limit: number;
}

/** Who writes a message: the name shown beside it is built from these. */
export interface MessageSender {
  id: number;
  firstName: string;
  lastName: string;
}

/**
 * Messages of the conversation `c` that others wrote after the viewer's read mark (all of them
 * when the viewer has no mark): a correlated count the (conversation_id, id) index answers.
 */
export const unreadFor = (viewerId: number) => (eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>) =>
  eb
    .selectFrom('messages as m')
    .select((inner) => inner.fn.countAll<number | string | bigint>().as('n'))
    .whereRef('m.conversation_id', '=', 'c.id')
    .where('m.sender_id', '<>', viewerId)
    .where(
      'm.id',
      '>',
      eb.fn.coalesce(
        eb
          .selectFrom('message_reads as r')
          .select('r.last_read_message_id')
          .whereRef('r.conversation_id', '=', 'c.id')
          .where('r.user_id', '=', viewerId),
        sql<number>`0`,
      ),
    )
    .as('unread_count');

/** SQL for messages and read marks; every method takes an optional transaction. */
export function createMessagesRepository(db: Db) {
  return {
    /**
     * Adds a message unless the conversation is RESOLVED. Taking the message's `seq` updates the
     * conversation's row, whose lock the transaction holds until it commits: a concurrent resolve
     * or send of the same conversation waits, so a message cannot slip in after a resolve and
     * `seq` follows the commit order. Undefined when it was refused.
     */
    async sendMessage(
      message: { conversationId: number; sender: MessageSender; content: string },
      trx: Db,
    ): Promise<MessageResponse | undefined> {
      if (!trx.isTransaction) throw new Error('letters.sendMessage needs a transaction: it holds the conversation until the commit');
      const sentAt = nowIso();
      const claimed = await trx
        .updateTable('conversations')
        .set((eb) => ({
          last_message_seq: eb('last_message_seq', '+', 1),
          // The first message of anyone but the citizen is the office's first reply (the dashboard's median).
          first_reply_at: sql<string | null>`coalesce(first_reply_at, case when user_id <> ${message.sender.id} then ${sentAt} end)`,
        }))
        .where('id', '=', message.conversationId)
        .where('status', '<>', 'RESOLVED')
        .returning('last_message_seq')
        .executeTakeFirst();
      if (!claimed) return undefined;
      const seq = Number(claimed.last_message_seq);
      const inserted = await trx
        .insertInto('messages')
        .values({ conversation_id: message.conversationId, sender_id: message.sender.id, content: message.content, sent_at: sentAt, seq })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        id: Number(inserted.id),
        conversationId: message.conversationId,
        senderId: message.sender.id,
        senderName: fullName(message.sender),
        content: message.content,
        sentAt,
        seq,
      };
    },

    /**
     * Oldest first, as a chat reads: the whole chat, or with `page` the newest `limit` messages
     * before `before` (read backwards along the (conversation_id, id) index, then turned round).
     */
    async listMessages(conversationId: number, page?: MessagePage, executor: Db = db): Promise<MessageResponse[]> {
      let query = executor
        .selectFrom('messages as m')
        .innerJoin('users as sender', 'sender.id', 'm.sender_id')
        .select(['m.id', 'm.sender_id', 'm.content', 'm.sent_at', 'm.seq', 'sender.first_name', 'sender.last_name'])
        .where('m.conversation_id', '=', conversationId);
      if (page?.before !== undefined) query = query.where('m.id', '<', page.before);
      if (page?.after !== undefined) query = query.where('m.id', '>', page.after);
      if (page?.afterSeq !== undefined) query = query.where('m.seq', '>', page.afterSeq);
      const rows = !page
        ? await query.orderBy('m.id').execute()
        : page.afterSeq !== undefined
          ? await query.orderBy('m.seq').limit(page.limit).execute()
          : page.after !== undefined
            ? await query.orderBy('m.id').limit(page.limit).execute()
            : (await query.orderBy('m.id', 'desc').limit(page.limit).execute()).reverse();
      return rows.map((row) => ({
        id: Number(row.id),
        conversationId,
        senderId: Number(row.sender_id),
        senderName: fullName({ firstName: row.first_name, lastName: row.last_name }),
        content: row.content,
        sentAt: row.sent_at,
        seq: Number(row.seq),
      }));
    },

    /**
     * Moves `userId`'s read mark of the conversation forward to `upTo`, or to the newest message at
     * or before it (so a mark never points past the chat), and never back. Returns the mark now.
     */
    async markRead(conversationId: number, userId: number, upTo: number, executor: Db = db): Promise<number> {
      const newest = await executor
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('conversation_id', '=', conversationId)
        .where('id', '<=', upTo)
        .executeTakeFirst();
      const mark = newest?.id === null || newest?.id === undefined ? 0 : Number(newest.id);
      const row = await executor
        .insertInto('message_reads')
        .values({ conversation_id: conversationId, user_id: userId, last_read_message_id: mark, updated_at: nowIso() })
        .onConflict((conflict) =>
          conflict.columns(['conversation_id', 'user_id']).doUpdateSet({
            // Two tabs marking at once: the further one wins, whichever arrives last.
            last_read_message_id: sql<number>`case when excluded.last_read_message_id > message_reads.last_read_message_id
              then excluded.last_read_message_id else message_reads.last_read_message_id end`,
            updated_at: (eb) => eb.ref('excluded.updated_at'),
          }),
        )
        .returning('last_read_message_id')
        .executeTakeFirstOrThrow();
      return Number(row.last_read_message_id);
    },

    /** countUnread of each pair, in one statement (the notification worker asks per batch). */
    async unreadCounts(pairs: readonly { conversationId: number; userId: number }[], executor: Db = db): Promise<number[]> {
      const one = ({ conversationId, userId }: { conversationId: number; userId: number }, index: number) =>
        executor
          .selectFrom('conversations as c')
          .select([sql<number>`${sql.lit(index)}`.as('pair'), unreadFor(userId)])
          .where('c.id', '=', conversationId);
      const [first, ...rest] = pairs.map(one);
      if (!first) return [];
      const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
      const counts = pairs.map(() => 0);
      for (const row of rows) counts[Number(row.pair)] = Number(row.unread_count);
      return counts;
    },

    /** Messages of the conversation others wrote after `userId`'s read mark. */
    async countUnread(conversationId: number, userId: number, executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('conversations as c')
        .select(unreadFor(userId))
        .where('c.id', '=', conversationId)
        .executeTakeFirst();
      return Number(row?.unread_count ?? 0);
    },
  };
}
