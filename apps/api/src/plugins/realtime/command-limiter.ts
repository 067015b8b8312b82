import { CLOSE_POLICY_VIOLATION } from '@portal/contract';
import type { WebSocket } from 'ws';
import type { CommandLimits } from './config.js';

export { type CommandLimits, DEFAULT_COMMAND_LIMITS } from './config.js';

/**
 * What one WebSocket may ask of the server. A command costs an access query, so a client sending
 * frames faster than the server answers them (200,000 `subscribe` frames in under a second) would
 * otherwise queue unbounded work and slow every other request. Honest clients send a command when
 * a person opens a conversation; the defaults are far above that.
 */
export interface CommandIntake {
  /** Counts one received frame against the rate. False: the socket exceeded it. */
  admit(): boolean;
  /**
   * Queues a command after the ones before it (a quick subscribe + unsubscribe ends unsubscribed).
   * False: too many commands are waiting; the command was not queued.
   */
  enqueue(work: () => Promise<void>): boolean;
}

/**
 * A token bucket for the frames and a bounded serial queue for the commands of one socket. Once
 * either limit is exceeded every later frame is refused too: the caller closes the socket (1008).
 */
export function createCommandIntake(
  limits: CommandLimits,
  onError: (error: unknown) => void,
  now: () => number = performance.now.bind(performance),
): CommandIntake {
  let tokens = limits.burst;
  let refilledAt = now();
  let pending = 0;
  let abusive = false;
  let tail: Promise<void> = Promise.resolve();
  const refuse = () => {
    abusive = true;
    return false;
  };

  return {
    admit() {
      if (abusive) return false;
      const at = now();
      tokens = Math.min(limits.burst, tokens + ((at - refilledAt) / 1000) * limits.perSecond);
      refilledAt = at;
      if (tokens < 1) return refuse();
      tokens -= 1;
      return true;
    },
    enqueue(work) {
      if (abusive || pending >= limits.queueMax) return refuse();
      pending += 1;
      tail = tail
        .then(work)
        .catch(onError)
        .finally(() => {
          pending -= 1;
        });
      return true;
    },
  };
}

/** How long an abusive socket gets to finish the closing handshake before it is cut. */
const ABUSIVE_CLOSE_GRACE_MS = 1_000;

/**
 * Closes a socket that exceeded its limits with 1008 and stops reading it at once: a flooding
 * client keeps sending after the close frame, and every frame read costs the server CPU shared
 * with every other request. The connection is cut if the client does not close within a second.
 */
export function closeAbusiveSocket(socket: WebSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(CLOSE_POLICY_VIOLATION, 'too many commands');
  socket.pause();
  setTimeout(() => socket.terminate(), ABUSIVE_CLOSE_GRACE_MS).unref();
}
