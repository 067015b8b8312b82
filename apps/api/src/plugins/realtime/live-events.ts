import { type RealtimeEvent, realtimeEvent } from '@portal/contract';
import { z } from 'zod';
import type { JsonValue, RealtimeBus, RealtimeLogger } from './bus.js';

/**
 * What every module puts on the bus for the WebSocket clients: the event, the users it concerns
 * (their sockets get it), and whether every employee's and admin's socket gets it too.
 */
export const liveEnvelope = z.object({
  event: realtimeEvent,
  participants: z.array(z.number().int()),
  toStaff: z.boolean().optional(),
});
export type LiveEnvelope = z.infer<typeof liveEnvelope>;

/**
 * Publishing never holds up an HTTP answer: the record is already stored, and a client that
 * missed the event sees it on its next fetch. A failed publish is logged, not thrown.
 */
export function publishLiveEvent(
  bus: RealtimeBus,
  log: Pick<RealtimeLogger, 'warn'>,
  topic: string,
  event: RealtimeEvent,
  participants: readonly number[],
  toStaff = false,
): void {
  const envelope: LiveEnvelope = { event, participants: [...participants], toStaff };
  bus.publish(topic, envelope as unknown as JsonValue).catch((error: unknown) => log.warn({ err: error, topic }, 'live update not published'));
}

/**
 * Not for clients: a person's sessions were ended (logout, "sign out everywhere else", an admin
 * ending them, deactivation, closure). Every process authenticates that person's open sockets
 * again at once (hub.ts) and closes those whose session no longer counts.
 */
export const sessionsEndedEnvelope = z.object({ sessionsEndedOf: z.number().int() });
export type SessionsEndedEnvelope = z.infer<typeof sessionsEndedEnvelope>;
export const SESSIONS_ENDED_TOPIC = 'sessions-ended';

/** Publish once the change is committed: another process checking earlier would still find the session. */
export function publishSessionsEnded(bus: RealtimeBus, log: Pick<RealtimeLogger, 'warn'>, userId: number): void {
  const envelope: SessionsEndedEnvelope = { sessionsEndedOf: userId };
  bus.publish(SESSIONS_ENDED_TOPIC, envelope as unknown as JsonValue).catch((error: unknown) => log.warn({ err: error }, 'sessions-ended notice not published'));
}
