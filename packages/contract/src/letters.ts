import { z } from 'zod';
import { LETTER_CONTENT_MAX, LETTER_SUBJECT_MAX, MESSAGE_CONTENT_MAX } from './constants.js';
import { CONVERSATION_STATUSES, DEPARTMENTS } from './enums.js';
import { jsonId, positiveId } from './fields.js';
import { letterMessages as m } from './messages.js';

const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' });

/** POST /api/letters. Subject, body (content) and department (recipient) share one message. */
export const createLetterRequest = z.object({
  userID: jsonId,
  recipient: z.enum(DEPARTMENTS, { error: m.required }),
  subject: z.string({ error: m.required }).trim().min(1, m.required).max(LETTER_SUBJECT_MAX),
  content: z.string({ error: m.required }).trim().min(1, m.required).max(LETTER_CONTENT_MAX),
  /** The client's clock; the server records its own time and keeps this only when it is valid. */
  sentAt: isoDateTime.optional(),
});
export type CreateLetterRequest = z.infer<typeof createLetterRequest>;

export const conversationResponse = z.object({
  id: z.number().int(),
  letterId: z.number().int(),
  subject: z.string(),
  /** The sender's first and last name. */
  nameSurname: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  resolvedDate: z.string().nullable(),
  /** The letter text. */
  content: z.string(),
  recipient: z.enum(DEPARTMENTS),
  userId: z.number().int(),
  employeeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;
export const conversationListResponse = z.array(conversationResponse);

export const listConversationsQuery = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  employeeId: positiveId.optional(),
});

export const takeConversationQuery = z.object({ employeeId: positiveId.optional() });

/** PUT /api/conversations/{id}/status */
export const updateConversationStatusRequest = z.object({ status: z.enum(CONVERSATION_STATUSES) });

export const messageResponse = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  content: z.string(),
  sentAt: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponse>;
export const messageListResponse = z.array(messageResponse);

/** POST /api/conversations/{id}/messages/send. Blank messages are never sent (spec section 5). */
export const sendMessageRequest = z.object({
  conversationId: jsonId,
  senderId: jsonId,
  content: z.string({ error: m.messageEmpty }).trim().min(1, m.messageEmpty).max(MESSAGE_CONTENT_MAX),
  sentAt: isoDateTime.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;

export const idParams = z.object({ id: positiveId });
export const userIdParams = z.object({ userId: positiveId });

/** The close code of /api/ws for an account deactivated while connected (4000-4999: the application's). */
export const CLOSE_ACCOUNT_INACTIVE = 4401;

/** What the WebSocket /api/ws pushes to the participants of a conversation. */
export const realtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversationId: z.number().int(), message: messageResponse }),
  z.object({
    type: z.literal('status'),
    conversationId: z.number().int(),
    status: z.enum(CONVERSATION_STATUSES),
    resolvedDate: z.string().nullable(),
    employeeId: z.number().int().nullable(),
  }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;
