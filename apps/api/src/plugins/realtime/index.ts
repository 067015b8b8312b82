import type { RealtimeBus, RealtimeLogger } from './bus.js';
import { MemoryRealtimeBus } from './memory-bus.js';
import { createPostgresRealtimeBus, type PostgresBusOptions } from './postgres-bus.js';

export * from './bus.js';
export { type LivePublisher, type LiveTopic, LiveTopics, liveTopicName } from './live-topics.js';
export { type LiveEnvelope, liveEnvelope, publishLiveEvent } from './live-events.js';
export { DEFAULT_REALTIME_CHANNEL } from './postgres-bus.js';

export interface RealtimeBusOptions {
  engine: 'sqlite' | 'postgres';
  /** Required for 'postgres'. */
  databaseUrl?: string;
  /** Pass `app.log`; without it warnings and errors go to the console. */
  logger?: RealtimeLogger;
  channel?: string;
  applicationName?: string;
  reconnectDelayMs?: PostgresBusOptions['reconnectDelayMs'];
}

const consoleLogger: RealtimeLogger = {
  info: noop,
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};
function noop() {}

/**
 * SQLite runs one process, so events stay in memory; PostgreSQL deployments may run several API
 * processes, so events travel through LISTEN/NOTIFY. Resolves once the bus can receive events
 * (for PostgreSQL: LISTEN is active) and rejects when the database cannot be reached.
 */
export async function createRealtimeBus(options: RealtimeBusOptions): Promise<RealtimeBus> {
  const logger = options.logger ?? consoleLogger;
  if (options.engine === 'sqlite') return new MemoryRealtimeBus(logger);
  if (!options.databaseUrl) throw new TypeError('createRealtimeBus: databaseUrl is required for the postgres engine');
  return createPostgresRealtimeBus({
    databaseUrl: options.databaseUrl,
    logger,
    channel: options.channel,
    applicationName: options.applicationName,
    reconnectDelayMs: options.reconnectDelayMs,
  });
}
