import type { DecodedEvent } from './event-codec.js';
import type { JsonValue, RealtimeListener, RealtimeLogger } from './bus.js';

/** Fans one event out; a throwing listener is logged and never starves the others. */
export class ListenerSet {
  private readonly listeners = new Set<RealtimeListener>();
  private readonly missedListeners = new Set<() => void>();

  constructor(private readonly logger: RealtimeLogger) {}

  add(listener: RealtimeListener): () => void {
    // A wrapper makes subscribing the same function twice mean two deliveries, as callers expect.
    const entry: RealtimeListener = (topic, payload) => listener(topic, payload);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  addMissed(listener: () => void): () => void {
    const entry = () => listener();
    this.missedListeners.add(entry);
    return () => {
      this.missedListeners.delete(entry);
    };
  }

  /** Each listener gets its own parsed copy of `json`. */
  emit(event: DecodedEvent, json: string): void {
    let first = true;
    // A snapshot: listeners added or removed during delivery take effect from the next event.
    for (const listener of [...this.listeners]) {
      const payload: JsonValue = first ? event.payload : (JSON.parse(json) as [string, JsonValue])[1];
      first = false;
      try {
        listener(event.topic, payload);
      } catch (err) {
        this.logger.error({ err, topic: event.topic }, 'realtime listener threw');
      }
    }
  }

  emitMissed(): void {
    for (const listener of [...this.missedListeners]) {
      try {
        listener();
      } catch (err) {
        this.logger.error({ err }, 'realtime missed-events listener threw');
      }
    }
  }

  clear(): void {
    this.listeners.clear();
    this.missedListeners.clear();
  }
}
