// The contract every realtime engine keeps, so routes and services never care which one runs.

/** Anything JSON.stringify turns into the same value JSON.parse gives back. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/**
 * Receives every event published by any process, including this one, exactly once.
 * `payload` is a fresh parsed copy: mutating it never affects other listeners.
 */
export type RealtimeListener = (topic: string, payload: JsonValue) => void;

/** pino and Fastify's `app.log` fit this shape. */
export interface RealtimeLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RealtimeBus {
  readonly engine: 'memory' | 'postgres';
  /**
   * Sends `payload` to every listener of every process. Resolves once the event is handed to the
   * transport and this process's own listeners have run. Events published by one process reach
   * every listener in publish order. Rejects (and delivers nothing) when the topic is invalid, the
   * payload is not JSON or larger than REALTIME_PAYLOAD_MAX_BYTES, the bus is closed, or the
   * database refuses the notification.
   */
  publish(topic: string, payload: JsonValue): Promise<void>;
  /** Returns the unsubscribe function; calling it twice is harmless. */
  subscribe(listener: RealtimeListener): () => void;
  /**
   * Called after the transport lost its connection and got it back: events published meanwhile
   * by other processes are gone, so clients should refetch. The memory bus never calls it.
   */
  onMissedEvents(listener: () => void): () => void;
  /** Waits for pending publishes, then releases every connection and timer. Idempotent. */
  close(): Promise<void>;
}

/**
 * A chat message of MESSAGE_CONTENT_MAX characters, each escaped to six bytes, still fits;
 * anything larger belongs in the database with an id in the event.
 */
export const REALTIME_PAYLOAD_MAX_BYTES = 64 * 1024;
export const REALTIME_TOPIC_MAX_LENGTH = 200;

export class RealtimePayloadTooLargeError extends Error {
  constructor(
    readonly topic: string,
    readonly bytes: number,
  ) {
    super(
      `Realtime payload for topic "${topic}" is ${bytes} bytes; the limit is ${REALTIME_PAYLOAD_MAX_BYTES}. ` +
        'Publish an id and let clients fetch the record instead.',
    );
    this.name = 'RealtimePayloadTooLargeError';
  }
}

export class RealtimeBusClosedError extends Error {
  constructor() {
    super('Realtime bus is closed');
    this.name = 'RealtimeBusClosedError';
  }
}
