import {
  type ConversationListItem,
  type ConversationResponse,
  type ConversationStatus,
  type Department,
  fullName,
  type MessageResponse,
} from '@portal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase, nowIso } from '../../db/portable.js';

export interface NewLetter {
  userId: number;
  recipient: Department;
  subject: string;
  content: string;
  /** The client's stated time (or the server's when it sent none). */
  sentAt: string;
}

export interface ConversationFilter {
  status?: ConversationStatus;
  employeeId?: number;
  userId?: number;
  /** Text the subject, the sender's name or the letter's or conversation's number contain (ignoring case). */
  search?: string;
}

/** Who may read and write a conversation: its citizen and its employee. */
export interface ConversationParties {
  id: number;
  userId: number;
  employeeId: number | null;
  status: ConversationStatus;
}

/**
 * A page of a chat: the newest `limit` messages older than `before` (or the newest overall); with
 * `after`, the oldest `limit` messages newer than it (a client catching up).
 */
export interface MessagePage {
  before?: number;
  after?: number;
  limit: number;
}

/** Who writes a message: the name shown beside it is built from these. */
export interface MessageSender {
  id: number;
  firstName: string;
  lastName: string;
}

/** SQL for letters, conversations and messages; every method takes an optional transaction. */
export function createLettersRepository(db: Db) {
  const conversationQuery = (executor: Db) =>
    executor
      .selectFrom('conversations as c')
      .innerJoin('letters as l', 'l.id', 'c.letter_id')
      .innerJoin('users as sender', 'sender.id', 'c.user_id')
      .leftJoin('users as handler', 'handler.id', 'c.employee_id')
      .select([
        'c.id',
        'c.letter_id',
        'c.user_id',
        'c.employee_id',
        'c.status',
        'c.created_at',
        'c.resolved_date',
        'l.subject',
        'l.content',
        'l.recipient',
        'sender.first_name',
        'sender.last_name',
        'handler.first_name as handler_first_name',
        'handler.last_name as handler_last_name',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof conversationQuery>['executeTakeFirstOrThrow']>>;
  const toConversation = (row: Row): ConversationResponse => ({
    id: Number(row.id),
    letterId: Number(row.letter_id),
    subject: row.subject,
    nameSurname: fullName({ firstName: row.first_name, lastName: row.last_name }),
    status: row.status,
    resolvedDate: row.resolved_date,
    content: row.content,
    recipient: row.recipient,
    userId: Number(row.user_id),
    employeeId: row.employee_id === null ? null : Number(row.employee_id),
    employeeName:
      row.handler_first_name === null || row.handler_last_name === null
        ? null
        : fullName({ firstName: row.handler_first_name, lastName: row.handler_last_name }),
    createdAt: row.created_at,
  });

  /**
   * Messages of the conversation `c` that others wrote after the viewer's read mark (all of them
   * when the viewer has no mark): a correlated count the (conversation_id, id) index answers.
   */
  const unreadFor = (viewerId: number) => (eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>) =>
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

  return {
    /** The letter and its OPEN conversation; run inside a transaction so neither exists alone. */
    async createLetter(letter: NewLetter, executor: Db = db): Promise<number> {
      const now = nowIso();
      const { id: letterId } = await executor
        .insertInto('letters')
        .values({
          user_id: letter.userId,
          recipient: letter.recipient,
          subject: letter.subject,
          content: letter.content,
          sent_at: letter.sentAt,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await executor
        .insertInto('conversations')
        .values({ letter_id: letterId, user_id: letter.userId, status: 'OPEN', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async findConversation(id: number, executor: Db = db): Promise<ConversationResponse | undefined> {
      const row = await conversationQuery(executor).where('c.id', '=', id).executeTakeFirst();
      return row && toConversation(row);
    },

    /** Each existing conversation's subject and sender's name (the Audit Log names its records). */
    async namesFor(ids: readonly number[], executor: Db = db) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom('conversations as c')
        .innerJoin('letters as l', 'l.id', 'c.letter_id')
        .innerJoin('users as sender', 'sender.id', 'c.user_id')
        .select(['c.id', 'l.subject', 'sender.first_name', 'sender.last_name'])
        .where('c.id', 'in', ids)
        .execute();
    },

    /** The few columns the access checks need, without the joins. */
    async findParties(id: number, executor: Db = db): Promise<ConversationParties | undefined> {
      const row = await executor
        .selectFrom('conversations')
        .select(['id', 'user_id', 'employee_id', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          userId: Number(row.user_id),
          employeeId: row.employee_id === null ? null : Number(row.employee_id),
          status: row.status,
        }
      );
    },

    /** Newest first, each with the number of messages `viewerId` has not read. */
    async listConversations(filter: ConversationFilter, viewerId: number, executor: Db = db): Promise<ConversationListItem[]> {
      let query = conversationQuery(executor).select(unreadFor(viewerId)).orderBy('c.id', 'desc');
      if (filter.status) query = query.where('c.status', '=', filter.status);
      if (filter.employeeId !== undefined) query = query.where('c.employee_id', '=', filter.employeeId);
      if (filter.userId !== undefined) query = query.where('c.user_id', '=', filter.userId);
      const { search } = filter;
      if (search) {
        const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : undefined;
        query = query.where((eb) =>
          eb.or([
            containsIgnoringCase(sql.ref('l.subject'), search),
            containsIgnoringCase(sql<string>`${sql.ref('sender.first_name')} || ' ' || ${sql.ref('sender.last_name')}`, search),
            ...(number === undefined ? [] : [eb('c.letter_id', '=', number), eb('c.id', '=', number)]),
          ]),
        );
      }
      return (await query.execute()).map((row) => ({ ...toConversation(row), unreadCount: Number(row.unread_count) }));
    },

    /**
     * OPEN -> IN_PROGRESS in one statement: of several employees racing, exactly one matches the
     * `status = 'OPEN'` condition. Returns false when the conversation was not open (any more).
     */
    async takeConversation(id: number, employeeId: number, executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('conversations')
        .set({ status: 'IN_PROGRESS', employee_id: employeeId, taken_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** IN_PROGRESS -> RESOLVED in one statement; false when it was not in progress (any more). */
    async resolveConversation(id: number, executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('conversations')
        .set({ status: 'RESOLVED', resolved_date: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'IN_PROGRESS')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Adds a message unless the conversation is RESOLVED, in one INSERT ... SELECT, so a message
     * cannot slip in after a concurrent resolve. Undefined when it was refused.
     */
    async sendMessage(
      message: { conversationId: number; sender: MessageSender; content: string },
      executor: Db = db,
    ): Promise<MessageResponse | undefined> {
      const sentAt = nowIso();
      const inserted = await executor
        .insertInto('messages')
        .columns(['conversation_id', 'sender_id', 'content', 'sent_at'])
        .expression((eb) =>
          eb
            .selectFrom('conversations')
            .select([
              'id',
              eb.val(message.sender.id).as('sender_id'),
              eb.val(message.content).as('content'),
              eb.val(sentAt).as('sent_at'),
            ])
            .where('id', '=', message.conversationId)
            .where('status', '<>', 'RESOLVED'),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      return {
        id: Number(inserted.id),
        conversationId: message.conversationId,
        senderId: message.sender.id,
        senderName: fullName(message.sender),
        content: message.content,
        sentAt,
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
        .select(['m.id', 'm.sender_id', 'm.content', 'm.sent_at', 'sender.first_name', 'sender.last_name'])
        .where('m.conversation_id', '=', conversationId);
      if (page?.before !== undefined) query = query.where('m.id', '<', page.before);
      if (page?.after !== undefined) query = query.where('m.id', '>', page.after);
      const rows = !page
        ? await query.orderBy('m.id').execute()
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

    /** Messages of the conversation others wrote after `userId`'s read mark. */
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

export type LettersRepository = ReturnType<typeof createLettersRepository>;
