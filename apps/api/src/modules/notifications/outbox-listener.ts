import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channel migration 0017's trigger notifies when a transaction that queued an email commits. */
export const OUTBOX_CHANNEL = 'portal_outbox';

const RECONNECT_MS = { initial: 250, max: 10_000 };

export interface OutboxListener {
  close(): Promise<void>;
}

/**
 * PostgreSQL: LISTENs on its own connection and calls `onWake` for each commit (of any process)
 * that queued an email, and once after (re)connecting, for what was queued meanwhile. A lost
 * connection is reconnected with back-off; the worker's poll covers the gap.
 */
export function listenForOutbox(databaseUrl: string, onWake: () => void, log: FastifyBaseLogger): OutboxListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.initial;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), delay).unref();
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  };

  const lost = (lostClient: pg.Client, err?: Error) => {
    if (client !== lostClient) return;
    client = null;
    void lostClient.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err }, 'notification outbox LISTEN connection lost; reconnecting');
    retry();
  };

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString: databaseUrl, application_name: 'portal-outbox-listen', keepAlive: true });
    candidate.on('notification', () => onWake());
    candidate.on('error', (err) => lost(candidate, err));
    candidate.on('end', () => lost(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (err) {
      await candidate.end().catch(() => undefined);
      log.warn({ err }, 'notification outbox LISTEN failed; the worker polls meanwhile');
      retry();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delay = RECONNECT_MS.initial;
    onWake();
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
