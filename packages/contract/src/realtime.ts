import { z } from 'zod/mini';
import { caseStatusEvent } from './cases.js';
import { conversationMessageEvent, conversationStatusEvent } from './letters.js';
import { notificationRealtimeEvent } from './notifications.js';

// The WebSocket protocol of /api/ws, shared by the API and the web client. Authentication is the
// HTTP handshake's: the Bearer header (clients outside a browser), the auth cookie (a page on the
// API's own origin), or a one-use ticket (a page on another host). No session token ever travels
// in an address, where proxies and access logs would keep it. After the handshake, frames are JSON text.

export const REALTIME_PATH = '/api/ws';
/**
 * POST, authenticated: a ticket that opens ONE socket within REALTIME_TICKET_LIFETIME_SECONDS. A
 * page on another host needs it: browsers cannot set headers on a WebSocket, and that page has
 * no cookie for the API's host.
 */
export const REALTIME_TICKET_PATH = '/api/ws/ticket';
/** The query parameter of REALTIME_PATH that carries the ticket. */
export const REALTIME_TICKET_PARAM = 'ticket';
export const REALTIME_TICKET_LIFETIME_SECONDS = 30;

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

/**
 * Server -> client: what the API pushes to the participants (and followers) of a conversation,
 * a case's new status to its citizen (and to staff, whose pending lists change), and a new entry
 * of a person's notification list to that person.
 */
export const realtimeEvent = z.discriminatedUnion('type', [conversationMessageEvent, conversationStatusEvent, caseStatusEvent, notificationRealtimeEvent]);
export type RealtimeEvent = z.infer<typeof realtimeEvent>;

/** Close codes of /api/ws; 4000-4999 are the application's own. */
export const CLOSE_NORMAL = 1000;
/** The account was deactivated while connected: reconnecting would be refused too. */
export const CLOSE_ACCOUNT_INACTIVE = 4401;
/** The client sent commands faster than its limit (RFC 6455 "policy violation"). */
export const CLOSE_POLICY_VIOLATION = 1008;

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
