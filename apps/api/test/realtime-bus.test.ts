import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeBus,
  type JsonValue,
  type RealtimeBus,
  RealtimeBusClosedError,
  type RealtimeLogger,
  RealtimePayloadTooLargeError,
} from '../src/plugins/realtime/index.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Received {
  topic: string;
  payload: JsonValue;
}

function quietLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies RealtimeLogger;
}

function record(bus: RealtimeBus): Received[] {
  const received: Received[] = [];
  bus.subscribe((topic, payload) => received.push({ topic, payload }));
  return received;
}

const openBuses: RealtimeBus[] = [];
afterEach(async () => {
  await Promise.all(openBuses.splice(0).map((bus) => bus.close()));
});

describe('memory realtime bus (SQLite engine)', () => {
  async function memoryBus(logger: RealtimeLogger = quietLogger()) {
    const bus = await createRealtimeBus({ engine: 'sqlite', logger });
    openBuses.push(bus);
    return bus;
  }

  it('delivers each event once to every subscriber, each with its own copy', async () => {
    const bus = await memoryBus();
    const first: Received[] = [];
    bus.subscribe((topic, payload) => {
      first.push({ topic, payload });
      (payload as { text: string }).text = 'changed by the first listener';
    });
    const second = record(bus);

    await bus.publish('conversation:42', { type: 'message', text: 'Hello' });

    expect(first).toEqual([{ topic: 'conversation:42', payload: { type: 'message', text: 'changed by the first listener' } }]);
    expect(second).toEqual([{ topic: 'conversation:42', payload: { type: 'message', text: 'Hello' } }]);
  });

  it('stops delivering to a listener after it unsubscribes', async () => {
    const bus = await memoryBus();
    const kept = record(bus);
    const dropped: string[] = [];
    const unsubscribe = bus.subscribe((topic) => dropped.push(topic));

    await bus.publish('user:7', 1);
    unsubscribe();
    unsubscribe();
    await bus.publish('user:7', 2);

    expect(dropped).toEqual(['user:7']);
    expect(kept.map((event) => event.payload)).toEqual([1, 2]);
  });

  it('keeps one order for every listener when a listener publishes a follow-up event', async () => {
    const bus = await memoryBus();
    bus.subscribe((topic) => {
      if (topic === 'conversation:1') void bus.publish('user:2', 'follow-up');
    });
    const received = record(bus);

    await bus.publish('conversation:1', 'first');

    expect(received.map((event) => event.topic)).toEqual(['conversation:1', 'user:2']);
  });

  it('keeps delivering to other listeners when one throws, and logs the failure', async () => {
    const logger = quietLogger();
    const bus = await memoryBus(logger);
    bus.subscribe(() => {
      throw new Error('listener bug');
    });
    const received = record(bus);

    await bus.publish('conversation:1', 'still arrives');

    expect(received).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ topic: 'conversation:1' }), 'realtime listener threw');
  });

  it('rejects payloads over the limit, non-JSON payloads and empty topics without delivering anything', async () => {
    const bus = await memoryBus();
    const received = record(bus);

    await expect(bus.publish('conversation:1', 'x'.repeat(70_000))).rejects.toBeInstanceOf(RealtimePayloadTooLargeError);
    await expect(bus.publish('conversation:1', undefined as unknown as JsonValue)).rejects.toThrow('is not JSON');
    await expect(bus.publish('', 1)).rejects.toThrow('non-empty string');

    expect(received).toEqual([]);
  });

  it('refuses to publish after close', async () => {
    const bus = await memoryBus();
    await bus.close();
    await expect(bus.publish('user:1', 1)).rejects.toBeInstanceOf(RealtimeBusClosedError);
  });
});

describe('createRealtimeBus', () => {
  it('requires a database URL for PostgreSQL', async () => {
    await expect(createRealtimeBus({ engine: 'postgres' })).rejects.toThrow('databaseUrl is required');
  });

  it('rejects when PostgreSQL cannot be reached', async () => {
    await expect(
      createRealtimeBus({ engine: 'postgres', databaseUrl: 'postgres://postgres@127.0.0.1:1/postgres', logger: quietLogger() }),
    ).rejects.toThrow();
  });
});

async function postgresUnavailableReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return `PostgreSQL at ${DATABASE_URL} is not reachable (${err instanceof Error ? err.message : String(err)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const unavailable = await postgresUnavailableReason();
if (unavailable && process.env.CI === 'true') {
  describe('PostgreSQL realtime bus', () => {
    it('needs PostgreSQL in CI', () => {
      throw new Error(`${unavailable}; set TEST_DATABASE_URL`);
    });
  });
} else if (unavailable) {
  console.warn(`Skipping PostgreSQL realtime bus tests: ${unavailable}`);
}

describe.skipIf(unavailable !== null)('PostgreSQL realtime bus (two API processes)', () => {
  // A channel per run keeps parallel test runs and a running dev server out of our events.
  const channel = `realtime_test_${randomUUID().replaceAll('-', '')}`;
  const reconnectDelayMs = { initial: 20, max: 200 };

  async function postgresBus(name: string, logger: RealtimeLogger = quietLogger()) {
    const bus = await createRealtimeBus({
      engine: 'postgres',
      databaseUrl: DATABASE_URL,
      channel,
      applicationName: name,
      logger,
      reconnectDelayMs,
    });
    openBuses.push(bus);
    return bus;
  }

  async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  function countConnections(applicationNamePrefix: string): Promise<number> {
    return withAdmin(async (client) => {
      const result = await client.query<{ count: string }>(
        'SELECT count(*) AS count FROM pg_stat_activity WHERE application_name LIKE $1',
        [`${applicationNamePrefix}%`],
      );
      return Number(result.rows[0]?.count);
    });
  }

  /**
   * A marker published on `from` is seen by `to` only after every notification committed before
   * it, so afterwards no earlier event (or duplicate) can still be on its way.
   */
  async function flush(from: RealtimeBus, fromEvents: Received[], to: Received[]) {
    const marker = randomUUID();
    await from.publish('flush', marker);
    await vi.waitFor(() => expect(to.some((event) => event.payload === marker)).toBe(true), { timeout: 5000 });
    const isPayload = (event: Received) => event.topic !== 'flush';
    return { from: fromEvents.filter(isPayload), to: to.filter(isPayload) };
  }

  it('delivers 100 events published on A once, in order, to the subscribers of A and of B', async () => {
    const a = await postgresBus('realtime-test-a');
    const b = await postgresBus('realtime-test-b');
    const onA1 = record(a);
    const onA2 = record(a);
    const onB = record(b);

    const expected = Array.from({ length: 100 }, (_, i) => ({
      topic: `conversation:${i % 3}`,
      payload: { type: 'message', seq: i },
    }));
    // Not awaited one by one: the bus itself must keep the order of concurrent publishes.
    await Promise.all(expected.map((event) => a.publish(event.topic, event.payload)));
    await flush(a, onA1, onB);
    await flush(b, onB, onA1);

    const strip = (events: Received[]) => events.filter((event) => event.topic !== 'flush');
    expect(strip(onA1)).toEqual(expected);
    expect(strip(onA2)).toEqual(expected);
    expect(strip(onB)).toEqual(expected);
  });

  it('delivers events published on B to the subscribers of A', async () => {
    const a = await postgresBus('realtime-test-a');
    const b = await postgresBus('realtime-test-b');
    const onA = record(a);
    const onB = record(b);

    await b.publish('user:7', { type: 'status', status: 'CLOSED' });
    const { to } = await flush(b, onB, onA);

    expect(to).toEqual([{ topic: 'user:7', payload: { type: 'status', status: 'CLOSED' } }]);
    expect(onB.filter((event) => event.topic === 'user:7')).toHaveLength(1);
  });

  it('delivers payloads larger than one NOTIFY intact and in order, and rejects those over the limit', async () => {
    const a = await postgresBus('realtime-test-a');
    const b = await postgresBus('realtime-test-b');
    const onA = record(a);
    const onB = record(b);
    // 5000 characters of three- and four-byte UTF-8 (a chat message at its maximum) is ~17 kB.
    const longText = '€😀 Привет "quoted"\n'.repeat(250).slice(0, 5000);

    await a.publish('conversation:5', { seq: 1 });
    await a.publish('conversation:5', { seq: 2, content: longText });
    await a.publish('conversation:5', { seq: 3 });
    await expect(a.publish('conversation:5', { seq: 4, content: 'x'.repeat(70_000) })).rejects.toBeInstanceOf(
      RealtimePayloadTooLargeError,
    );
    const { from, to } = await flush(a, onA, onB);

    const expected = [
      { topic: 'conversation:5', payload: { seq: 1 } },
      { topic: 'conversation:5', payload: { seq: 2, content: longText } },
      { topic: 'conversation:5', payload: { seq: 3 } },
    ];
    expect(to).toEqual(expected);
    expect(from).toEqual(expected);
  });

  it('reconnects the LISTEN connection after it drops, logs it and reports possibly missed events', async () => {
    const logger = quietLogger();
    const a = await postgresBus('realtime-test-reconnect', logger);
    const b = await postgresBus('realtime-test-b');
    const onA = record(a);
    const onB = record(b);
    const missed = vi.fn();
    a.onMissedEvents(missed);

    const terminated = await withAdmin(async (client) => {
      const result = await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'realtime-test-reconnect'",
      );
      return result.rowCount;
    });
    expect(terminated).toBe(1);

    await vi.waitFor(() => expect(missed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(logger.warn).toHaveBeenCalledWith(expect.anything(), 'realtime LISTEN connection lost; reconnecting');
    expect(logger.info).toHaveBeenCalledWith(expect.anything(), 'realtime LISTEN connection restored');

    await b.publish('conversation:9', 'after reconnect');
    const { to } = await flush(b, onB, onA);
    expect(to).toEqual([{ topic: 'conversation:9', payload: 'after reconnect' }]);
  });

  it('releases its database connections on close and refuses to publish afterwards', async () => {
    const name = `realtime-test-close-${randomUUID().slice(0, 8)}`;
    const bus = await postgresBus(name);
    await bus.publish('user:1', 'opens the publish connection');
    expect(await countConnections(name)).toBe(2);

    await bus.close();
    await bus.close();

    await vi.waitFor(async () => expect(await countConnections(name)).toBe(0), { timeout: 5000 });
    await expect(bus.publish('user:1', 'too late')).rejects.toBeInstanceOf(RealtimeBusClosedError);
  });
});
