import { z } from 'zod/mini';
import { messageResponse } from './realtime-schemas.js';
import { jsonId, multiLineText, positiveId, searchTextField, singleLineText } from './fields-schemas.js';
import {
  CONVERSATION_SEARCH_MAX,
  CONVERSATION_STATUSES,
  conversationApiMessages,
  DEPARTMENTS,
  LETTER_CONTENT_MAX,
  LETTER_SUBJECT_MAX,
  letterMessages,
  MESSAGE_CONTENT_MAX,
  MESSAGE_PAGE_MAX,
} from './letters.js';

// The letters domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in letters.ts, which the web's texts import without building these.

const m = letterMessages;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' });

/** POST /api/letters. Subject, body (content) and department (recipient) share one message. */
export const createLetterRequest = z.object({
  userID: jsonId,
  recipient: z.enum(DEPARTMENTS, { error: m.required }),
  subject: singleLineText(LETTER_SUBJECT_MAX, { required: m.required, tooLong: conversationApiMessages.subjectTooLong }),
  content: multiLineText(LETTER_CONTENT_MAX, { required: m.required, tooLong: conversationApiMessages.contentTooLong }),
  /** The client's clock; the server records its own time and keeps this only when it is valid. */
  sentAt: z.optional(isoDateTime),
});
export type CreateLetterRequest = z.infer<typeof createLetterRequest>;

export const conversationResponse = z.object({
  id: z.int(),
  letterId: z.int(),
  subject: z.string(),
  /** The sender's first and last name. */
  nameSurname: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  resolvedDate: z.nullable(z.string()),
  /** The letter text. */
  content: z.string(),
  recipient: z.enum(DEPARTMENTS),
  userId: z.int(),
  employeeId: z.nullable(z.int()),
  /** The first and last name of the employee who took it; null while nobody has. */
  employeeName: z.nullable(z.string()),
  createdAt: z.string(),
  /**
   * The last day of the office's term to answer, YYYY-MM-DD in Warsaw (issue 32: KPA art. 237 and
   * 57), from the letter's arrival, its department's term and the days the office waited for the
   * citizen; null while it waits. Computed by the server, never sent by a client.
   */
  dueDate: z.nullable(z.string()),
  /** The term in months the letter got when it arrived (its department's, set by the admin). */
  termMonths: z.int(),
  /** "due-soon" or "overdue" for the staff's queues (issue 32 point 5), null otherwise; server-computed. */
  // One of deadlines.ts's DEADLINE_STATES, typed as text here: the citizen's dashboard is at its
  // download budget, and this schema is in it.
  deadline: z.optional(z.nullable(z.string())),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

/**
 * An entry of a conversation list: the conversation and how many messages others wrote in it that
 * the caller has not read yet (the server keeps what each participant read, so it survives a reload).
 */
export const conversationListItem = z.extend(conversationResponse, {
  unreadCount: z.int().check(z.nonnegative()),
  /** Issue 33: the term's last day has ended in Warsaw and the letter is not resolved. */
  overdue: z.optional(z.boolean()),
  /** Issue 33: working days (Warsaw) from the arrival to today, or to the resolution once resolved. */
  waitingWorkingDays: z.optional(z.int()),
});
export type ConversationListItem = z.infer<typeof conversationListItem>;
export const conversationListResponse = z.array(conversationListItem);

/**
 * GET /api/conversations: the spec's status and employee, plus `q` (issue 19): only conversations
 * whose subject, sender's name, letter number or conversation number contain it.
 */
export const listConversationsQuery = z.object({
  status: z.optional(z.enum(CONVERSATION_STATUSES)),
  employeeId: z.optional(positiveId),
  q: searchTextField(CONVERSATION_SEARCH_MAX, conversationApiMessages.searchTooLong),
});

export const takeConversationQuery = z.object({ employeeId: z.optional(positiveId) });

/** PUT /api/conversations/{id}/status */
export const updateConversationStatusRequest = z.object({ status: z.enum(CONVERSATION_STATUSES) });

export const messageListResponse = z.array(messageResponse);

/**
 * GET /api/conversations/{id}/messages. Without either parameter: the whole chat, as spec section 7
 * shows. With `limit` and/or `before` (a message id): at most `limit` (default MESSAGE_PAGE_SIZE)
 * messages older than `before` (or the newest ones), still oldest first. With `after` (the last
 * message id a client has seen, e.g. when its live connection came back): the oldest `limit`
 * messages newer than it by id. With `afterSeq` (the largest `seq` a client has seen; 0 for none):
 * the oldest `limit` messages whose `seq` is larger, in `seq` order. Use `afterSeq` to catch up: a
 * message's `seq` follows the order messages were committed, while an id taken earlier may commit
 * later (several API processes), so "after an id" can miss a message and "after a seq" cannot.
 */
export const listMessagesQuery = z.object({
  before: z.optional(positiveId),
  after: z.optional(positiveId),
  afterSeq: z.optional(z.coerce.number({ error: 'Must be a whole number, 0 or more' }).check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  limit: z.optional(
    z.coerce.number({ error: `Must be a whole number from 1 to ${MESSAGE_PAGE_MAX}` }).check(z.int(), z.gte(1), z.lte(MESSAGE_PAGE_MAX)),
  ),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuery>;

/**
 * PUT /api/conversations/{id}/read: the caller has read the conversation up to this message. The
 * mark only moves forward; an id past the newest message marks everything read.
 */
export const markConversationReadRequest = z.object({ lastReadMessageId: jsonId });
export type MarkConversationReadRequest = z.infer<typeof markConversationReadRequest>;
export const conversationReadResponse = z.object({
  conversationId: z.int(),
  /** Where the caller's mark stands now (0: nothing read). */
  lastReadMessageId: z.int().check(z.nonnegative()),
  unreadCount: z.int().check(z.nonnegative()),
});
export type ConversationReadResponse = z.infer<typeof conversationReadResponse>;

/** POST /api/conversations/{id}/messages/send. Blank messages are never sent (spec section 5). */
export const sendMessageRequest = z.object({
  conversationId: jsonId,
  senderId: jsonId,
  content: multiLineText(MESSAGE_CONTENT_MAX, { required: m.messageEmpty, tooLong: conversationApiMessages.messageTooLong }),
  sentAt: z.optional(isoDateTime),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;
