import {
  type ConversationListItem,
  type ConversationResponse,
  type ConversationStatus,
  type Department,
  fullName,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsIgnoringCase, nowIso } from '../../db/portable.js';
import { createMessagesRepository, unreadFor } from './messages-repository.js';
import { createLetterPerformanceRepository } from './performance-repository.js';

export type { MessagePage, MessageSender } from './messages-repository.js';
import type { LetterMatterFacts } from '../../ports/matters.js';
import { departmentTermMonths } from './terms-repository.js';
import { createConversationDueDates } from './due-dates.js';
import { letterClockOf } from './due-date.js';

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
  /** Issue 33 point 2: the letter's department, and resolved at or after / before these instants. */
  department?: Department;
  resolvedFrom?: string;
  resolvedBefore?: string;
  /** 'due': by the stored due date, earliest (overdue) first; otherwise newest first. */
  order?: 'due';
  limit?: number;
}

/** Who may read and write a conversation: its citizen and its employee. */
export interface ConversationParties {
  id: number;
  userId: number;
  employeeId: number | null;
  status: ConversationStatus;
}

/** The latest of ISO 8601 times written by the server (same format: text order is time order). */
const latestOf = (times: readonly (string | null)[]): string =>
  times.reduce<string>((latest, time) => (time !== null && time > latest ? time : latest), '');

/** SQL for letters, conversations and messages; every method takes an optional transaction. */
export function createLettersRepository(db: Db) {
  const dueDates = createConversationDueDates(db);
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
        'l.term_months',
        'l.notified_due_date',
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
    ...dueDateAndDeadline(row, new Date()),
    termMonths: Number(row.term_months),
  });

  return {
    ...createMessagesRepository(db),
    ...createLetterPerformanceRepository(db),
    /** The queue's stored sort key (issue 33): filled at start for rows older than migration 0050. */
    fillMissingDueDates: dueDates.fillMissing,

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
          // The department's term as the admin set it at this moment (default one month, KPA art. 237).
          term_months: departmentTermMonths(letter.recipient),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await executor
        .insertInto('conversations')
        .values({ letter_id: letterId, user_id: letter.userId, status: 'OPEN', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await dueDates.store([Number(id)], executor);
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
        .select(['c.id', 'l.id as letter_id', 'l.subject', 'sender.first_name', 'sender.last_name'])
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

    /** Newest first (or by due date), each with the number of messages `viewerId` has not read. */
    async listConversations(filter: ConversationFilter, viewerId: number, executor: Db = db): Promise<ConversationListItem[]> {
      let query = conversationQuery(executor).select(unreadFor(viewerId));
      query = filter.order === 'due' ? query.orderBy('c.due_date', 'asc').orderBy('c.id', 'asc') : query.orderBy('c.id', 'desc');
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      if (filter.department) query = query.where('l.recipient', '=', filter.department);
      if (filter.resolvedFrom) query = query.where('c.resolved_date', '>=', filter.resolvedFrom);
      if (filter.resolvedBefore) query = query.where('c.resolved_date', '<', filter.resolvedBefore);
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
     * A citizen's letters as "My matters" lists them (issue 32): one query on (user_id, id), each
     * conversation with its newest message found by (conversation_id, seq), never one per letter.
     */
    async listMatterFacts(userId: number, executor: Db = db): Promise<LetterMatterFacts[]> {
      const rows = await executor
        .selectFrom('conversations as c')
        .innerJoin('letters as l', 'l.id', 'c.letter_id')
        .leftJoin('messages as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').onRef('m.seq', '=', 'c.last_message_seq'))
        .select(['c.id', 'c.letter_id', 'c.status', 'c.created_at', 'c.taken_at', 'c.resolved_date', 'l.subject', 'l.term_months', 'l.notified_due_date', 'm.sender_id', 'm.sent_at'])
        .where('c.user_id', '=', userId)
        .execute();
      const now = new Date();
      return rows.map((row) => ({
        conversationId: Number(row.id),
        letterId: Number(row.letter_id),
        subject: row.subject,
        status: row.status,
        lastActivityAt: latestOf([row.created_at, row.taken_at, row.resolved_date, row.sent_at]),
        lastWordFromOffice: row.sender_id !== null && Number(row.sender_id) !== userId,
        dueDate: letterClockOf(row, now).dueDate,
      }));
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

  };
}

export type LettersRepository = ReturnType<typeof createLettersRepository>;

/** What a conversation's answer shows of its clock (due-date.ts composes it). */
function dueDateAndDeadline(row: Parameters<typeof letterClockOf>[0], now: Date): { dueDate: string | null; deadline: 'due-soon' | 'overdue' | null } {
  const { dueDate, deadline } = letterClockOf(row, now);
  return { dueDate, deadline };
}
