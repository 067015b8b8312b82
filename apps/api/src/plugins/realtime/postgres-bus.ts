// Several API processes on one PostgreSQL: LISTEN on one dedicated connection per process,
// NOTIFY through a one-connection pool. Publishes of a process run one after another, so every
// listener sees them in publish order. The publishing process hands its own events to its
// listeners directly (after PostgreSQL accepted them) and drops their echo by origin id, so its
// listeners keep working while the LISTEN connection reconnects.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type JsonValue, type RealtimeBus, type RealtimeListener, type RealtimeLogger, RealtimeBusClosedError } from './bus.js';
import { decodeEvent, encodeEvent } from './event-codec.js';
import { ListenerSet } from './listener-set.js';
import { ChunkAssembler, formatChunks } from './notify-chunks.js';

export const DEFAULT_REALTIME_CHANNEL = 'portal_events';

export interface PostgresBusOptions {
  databaseUrl: string;
  logger: RealtimeLogger;
  /** A lower-case SQL identifier shared by every process of one deployment. */
  channel?: string;
  /** Shows in pg_stat_activity; lets operators (and tests) find the LISTEN connection. */
  applicationName?: string;
  reconnectDelayMs?: { initial: number; max: number };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Keeps one statement's parameters (and PostgreSQL's 8000-byte notifications) well bounded. */
const MAX_EVENTS_PER_STATEMENT = 64;

interface PendingEvent {
  seq: number;
  json: string;
  resolve(): void;
  reject(err: unknown): void;
}
const noop = () => undefined;

export async function createPostgresRealtimeBus(options: PostgresBusOptions): Promise<RealtimeBus> {
  const bus = new PostgresRealtimeBus(options);
  try {
    await bus.start();
  } catch (err) {
    await bus.close();
    throw err;
  }
  return bus;
}

class PostgresRealtimeBus implements RealtimeBus {
  readonly engine = 'postgres';
  private readonly origin = randomUUID();
  private readonly channel: string;
  private readonly applicationName: string;
  private readonly reconnectDelay: { initial: number; max: number };
  private readonly logger: RealtimeLogger;
  private readonly listeners: ListenerSet;
  private readonly assembler = new ChunkAssembler();
  private readonly pool: pg.Pool;
  private listenClient: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempts = 0;
  private seq = 0;
  private publishTail: Promise<void> = Promise.resolve();
  /** Events waiting for the NOTIFY in flight to finish; they then go together in one statement. */
  private pending: PendingEvent[] = [];
  private isClosed = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly options: PostgresBusOptions) {
    this.channel = options.channel ?? DEFAULT_REALTIME_CHANNEL;
    if (!CHANNEL_NAME.test(this.channel)) throw new TypeError(`Invalid realtime channel name "${this.channel}"`);
    this.applicationName = options.applicationName ?? 'portal-realtime';
    this.reconnectDelay = options.reconnectDelayMs ?? { initial: 250, max: 10_000 };
    this.logger = options.logger;
    this.listeners = new ListenerSet(options.logger);
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      application_name: `${this.applicationName}-publish`,
      max: 1,
      idleTimeoutMillis: 30_000,
    });
    // An idle pooled connection that dies emits 'error' on the pool; unhandled it would crash.
    this.pool.on('error', (err) => this.logger.warn({ err }, 'realtime publish connection lost'));
  }

  async start(): Promise<void> {
    this.connecting = this.connectListener();
    try {
      await this.connecting;
    } finally {
      this.connecting = null;
    }
  }

  async publish(topic: string, payload: JsonValue): Promise<void> {
    if (this.isClosed) throw new RealtimeBusClosedError();
    const json = encodeEvent(topic, payload);
    this.seq += 1;
    const seq = this.seq;
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ seq, json, resolve, reject });
      // One batch in flight at a time keeps publish order; whatever queued meanwhile rides along
      // in the next statement, so a burst costs one round trip instead of one per event.
      if (this.pending.length === 1) this.publishTail = this.publishTail.then(() => this.sendPending());
    });
  }

  private async sendPending(): Promise<void> {
    const batch = this.pending.splice(0, MAX_EVENTS_PER_STATEMENT);
    if (this.pending.length > 0) this.publishTail = this.publishTail.then(() => this.sendPending());
    if (batch.length === 0) return;
    try {
      await this.send(batch.flatMap(({ seq, json }) => formatChunks(this.origin, seq, json)));
    } catch (err) {
      for (const event of batch) event.reject(err);
      return;
    }
    for (const { json, resolve } of batch) {
      const event = decodeEvent(json);
      if (event) this.listeners.emit(event, json);
      resolve();
    }
  }

  subscribe(listener: RealtimeListener): () => void {
    return this.listeners.add(listener);
  }

  onMissedEvents(listener: () => void): () => void {
    return this.listeners.addMissed(listener);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.isClosed = true;
    await this.publishTail;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.connecting?.catch(noop);
    const client = this.listenClient;
    this.listenClient = null;
    if (client) await client.end().catch(noop);
    await this.pool.end();
    this.listeners.clear();
  }

  /**
   * One statement, so one implicit transaction: listeners get every notification of the batch
   * (each event's chunks included) in this order, or none if it fails.
   */
  private async send(notifications: readonly string[]): Promise<void> {
    const calls = notifications.map((_, index) => `pg_notify($1, $${index + 2})`).join(', ');
    await this.pool.query(`SELECT ${calls}`, [this.channel, ...notifications]);
  }

  private async connectListener(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.applicationName,
      keepAlive: true,
    });
    let isSubscribed = false;
    let lostWhileConnecting: unknown = null;
    const onLost = (err?: Error) => {
      if (!isSubscribed) lostWhileConnecting ??= err ?? new Error('Connection ended while subscribing');
      else if (this.listenClient === client) this.onListenerLost(client, err);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (this.listenClient === client && message.channel === this.channel && message.payload !== undefined) {
        this.onNotification(message.payload);
      }
    });
    try {
      await client.connect();
      // Set before LISTEN: notifications can arrive in the same packet as LISTEN's reply.
      this.listenClient = client;
      await client.query(`LISTEN ${this.channel}`);
      isSubscribed = true;
      if (lostWhileConnecting) throw lostWhileConnecting;
    } catch (err) {
      if (this.listenClient === client) this.listenClient = null;
      await client.end().catch(noop);
      throw err;
    }
    if (this.isClosed) {
      this.listenClient = null;
      await client.end().catch(noop);
    }
  }

  private onListenerLost(client: pg.Client, err: Error | undefined): void {
    this.listenClient = null;
    this.assembler.reset();
    void client.end().catch(noop);
    if (this.isClosed) return;
    this.logger.warn({ err, channel: this.channel }, 'realtime LISTEN connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { initial, max } = this.reconnectDelay;
    const base = Math.min(max, initial * 2 ** this.reconnectAttempts);
    // Jitter keeps every API process from reconnecting in the same instant after a restart.
    const delayMs = Math.round(base * (0.5 + Math.random() / 2));
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect(delayMs);
    }, delayMs);
  }

  private async reconnect(delayMs: number): Promise<void> {
    this.connecting = this.connectListener();
    try {
      await this.connecting;
    } catch (err) {
      if (this.isClosed) return;
      this.logger.warn({ err, attempt: this.reconnectAttempts, delayMs }, 'realtime LISTEN reconnect failed');
      this.scheduleReconnect();
      return;
    } finally {
      this.connecting = null;
    }
    if (this.isClosed) return;
    this.logger.info({ attempts: this.reconnectAttempts, channel: this.channel }, 'realtime LISTEN connection restored');
    this.reconnectAttempts = 0;
    this.listeners.emitMissed();
  }

  private onNotification(raw: string): void {
    const notification = this.assembler.accept(raw);
    if (notification === 'invalid') {
      this.logger.warn({ channel: this.channel }, 'ignored a malformed realtime notification');
      return;
    }
    if (!notification || notification.origin === this.origin) return;
    const event = decodeEvent(notification.text);
    if (!event) {
      this.logger.warn({ channel: this.channel }, 'ignored a realtime notification that is not an event');
      return;
    }
    this.listeners.emit(event, notification.text);
  }
}
