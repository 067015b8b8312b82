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
