import { z } from 'zod';
import { caseStatusEvent } from './cases.js';
import { conversationMessageEvent, conversationStatusEvent } from './letters.js';
import { notificationRealtimeEvent } from './notifications.js';

// The WebSocket protocol of /api/ws, shared by the API and the web client. Authentication is the
// HTTP handshake's (Bearer header, auth cookie, or `?token=`); after it, frames are JSON text.

export const REALTIME_PATH = '/api/ws';
/** Browsers cannot set headers on a WebSocket, so the page passes its token in this query parameter. */
export const REALTIME_TOKEN_PARAM = 'token';

/**
 * Client -> server. Besides the events of their own conversations, a client may follow a
 * conversation it may read (an admin's view of any chat) and stop following it.
 */
export const realtimeClientCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), conversationId: z.number().int().positive() }),
  z.object({ type: z.literal('unsubscribe'), conversationId: z.number().int().positive() }),
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

/** One frame as text, the way each side sends it. */
export function encodeRealtimeFrame(frame: RealtimeClientCommand | RealtimeEvent): string {
  return JSON.stringify(frame);
}

/**
 * One received text frame checked against `schema` (realtimeClientCommand on the server,
 * realtimeEvent on the client); undefined for anything else, so a stray frame is ignored, never thrown.
 */
export function decodeRealtimeFrame<T>(schema: z.ZodType<T>, data: unknown): T | undefined {
  if (typeof data !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
