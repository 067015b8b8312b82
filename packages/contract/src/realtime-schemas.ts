import { z } from 'zod/mini';
import { CASE_STATUSES } from './cases.js';
import { CONVERSATION_STATUSES } from './letters.js';

// The WebSocket protocol's frames (its paths and limits are in realtime.ts). Every domain's live
// events are here, not beside the domain's other schemas: every screen listens, and a screen should
// not build a domain's request schemas to read its events.

export const realtimeTicketResponse = z.object({
  ticket: z.string(),
  expiresInSeconds: z.int().check(z.positive()),
});
export type RealtimeTicketResponse = z.infer<typeof realtimeTicketResponse>;

/**
 * Client -> server. Besides the events of their own conversations, a client may follow a
 * conversation it may read (an admin's view of any chat) and stop following it.
 */
export const realtimeClientCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), conversationId: z.int().check(z.positive()) }),
  z.object({ type: z.literal('unsubscribe'), conversationId: z.int().check(z.positive()) }),
]);
export type RealtimeClientCommand = z.infer<typeof realtimeClientCommand>;

/** A chat message as the API answers it (GET .../messages) and pushes it live. */
export const messageResponse = z.object({
  id: z.int(),
  conversationId: z.int(),
  senderId: z.int(),
  senderName: z.string(),
  content: z.string(),
  sentAt: z.string(),
  /**
   * The message's place in its conversation in the order messages were committed: 1, 2, 3...
   * with no gaps. Ids are handed out before the commit, so with several API processes a smaller
   * id may commit later; catch up with `afterSeq`, never miss one (issue 34 point 14).
   */
  seq: z.int().check(z.positive()),
});
export type MessageResponse = z.infer<typeof messageResponse>;

/** Live update: a new chat message. */
export const conversationMessageEvent = z.object({
  type: z.literal('message'),
  conversationId: z.int(),
  message: messageResponse,
});

/** Live update: a conversation was taken or resolved. */
export const conversationStatusEvent = z.object({
  type: z.literal('status'),
  conversationId: z.int(),
  status: z.enum(CONVERSATION_STATUSES),
  resolvedDate: z.nullable(z.string()),
  employeeId: z.nullable(z.int()),
});

/** Live update to a case's citizen (and staff): its status changed. */
export const caseStatusEvent = z.object({
  type: z.literal('case-status'),
  caseId: z.int(),
  status: z.enum(CASE_STATUSES),
  changedAt: z.string(),
});
export type CaseStatusEvent = z.infer<typeof caseStatusEvent>;

/** Pushed over /api/ws to the recipient when a new entry is in their list: fetch GET /api/notifications again. */
export const notificationRealtimeEvent = z.object({ type: z.literal('notification'), kind: z.string() });

/**
 * Server -> client: what the API pushes to the participants (and followers) of a conversation,
 * a case's new status to its citizen (and to staff, whose pending lists change), and a new entry
 * of a person's notification list to that person.
 */
export const realtimeEvent = z.discriminatedUnion('type', [
  conversationMessageEvent,
  conversationStatusEvent,
  caseStatusEvent,
  notificationRealtimeEvent,
]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** One frame as text, the way each side sends it. */
export function encodeRealtimeFrame(frame: RealtimeClientCommand | RealtimeEvent): string {
  return JSON.stringify(frame);
}

/**
 * One received text frame checked against `schema` (realtimeClientCommand on the server,
 * realtimeEvent on the client); undefined for anything else, so a stray frame is ignored, never thrown.
 */
export function decodeRealtimeFrame<T>(schema: z.core.$ZodType<T>, data: unknown): T | undefined {
  if (typeof data !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = z.safeParse(schema, json);
  return parsed.success ? parsed.data : undefined;
}
