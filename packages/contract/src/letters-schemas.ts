import { z } from 'zod/mini';
import { messageResponse } from './realtime-schemas.js';
import { jsonId, positiveId, searchTextField } from './fields-schemas.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';
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

/**
 * A text a person writes (a letter's subject and body, a chat message): trimmed, with something
 * visible in it (`emptyMessage` otherwise, also for a value that is not text), at most `max`
 * characters, and no bidirectional control characters.
 */
function visibleText(max: number, emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .check(z.trim(), z.refine(isVisibleText, emptyMessage), z.maxLength(max), z.refine(hasNoBidiControl, freeTextMessages.bidiControl));
}

/** POST /api/letters. Subject, body (content) and department (recipient) share one message. */
export const createLetterRequest = z.object({
  userID: jsonId,
  recipient: z.enum(DEPARTMENTS, { error: m.required }),
  subject: visibleText(LETTER_SUBJECT_MAX, m.required),
  content: visibleText(LETTER_CONTENT_MAX, m.required),
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
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

/**
 * An entry of a conversation list: the conversation and how many messages others wrote in it that
 * the caller has not read yet (the server keeps what each participant read, so it survives a reload).
 */
export const conversationListItem = z.extend(conversationResponse, { unreadCount: z.int().check(z.nonnegative()) });
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
 * messages newer than it, so it catches up page by page with nothing missed or repeated.
 */
export const listMessagesQuery = z.object({
  before: z.optional(positiveId),
  after: z.optional(positiveId),
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
  content: visibleText(MESSAGE_CONTENT_MAX, m.messageEmpty),
  sentAt: z.optional(isoDateTime),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;
