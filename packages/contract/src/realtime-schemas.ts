import { z } from 'zod/mini';
import { caseStatusEvent } from './cases-schemas.js';
import { conversationMessageEvent, conversationStatusEvent } from './letters-schemas.js';
import { notificationRealtimeEvent } from './notifications-schemas.js';

// The realtime domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in realtime.ts, which the web's texts import without building these.

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
