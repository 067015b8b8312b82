// One process (SQLite): events never leave the process, but go through the same JSON encoding and
// size limit as PostgreSQL so that development catches what production would reject.
import { type JsonValue, type RealtimeBus, type RealtimeListener, type RealtimeLogger, RealtimeBusClosedError } from './bus.js';
import { type DecodedEvent, decodeEvent, encodeEvent } from './event-codec.js';
import { ListenerSet } from './listener-set.js';

export class MemoryRealtimeBus implements RealtimeBus {
  readonly engine = 'memory';
  private readonly listeners: ListenerSet;
  private isClosed = false;
  private readonly queue: Array<{ event: DecodedEvent; json: string }> = [];
  private isEmitting = false;

  constructor(logger: RealtimeLogger) {
    this.listeners = new ListenerSet(logger);
  }

  async publish(topic: string, payload: JsonValue): Promise<void> {
    if (this.isClosed) throw new RealtimeBusClosedError();
    const json = encodeEvent(topic, payload);
    const event = decodeEvent(json);
    if (event) this.queue.push({ event, json });
    // A listener that publishes gets its event queued behind the current one, as on PostgreSQL,
    // so every listener still sees one order.
    if (this.isEmitting) return;
    this.isEmitting = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) this.listeners.emit(next.event, next.json);
    } finally {
      this.isEmitting = false;
    }
  }

  subscribe(listener: RealtimeListener): () => void {
    return this.listeners.add(listener);
  }

  onMissedEvents(listener: () => void): () => void {
    return this.listeners.addMissed(listener);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.listeners.clear();
  }
}
