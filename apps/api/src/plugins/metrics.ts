import { createHash, timingSafeEqual } from 'node:crypto';
import { httpMessages } from '@portal/contract';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database.js';
import { ApiError, unauthorized } from './api-error.js';

export interface MetricsOptions {
  /** null: GET /metrics answers 404, as if it did not exist. */
  token: string | null;
  poolUse: () => PoolUse | null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the time taken. */
function isToken(header: string | undefined, token: string): boolean {
  const given = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics of this process at GET /metrics: requests and their latency per route, open
 * WebSockets, the notification outbox, the database pool. Each process has its own registry (and
 * each test server), so a scrape through a load balancer reaches one process: scrape each.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token, poolUse }) => {
    const registry = new Registry();
    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'portal_websockets_open',
      help: 'WebSockets open on this process',
      registers: [registry],
      collect() {
        this.set(app.websocketServer?.clients.size ?? 0);
      },
    });
    new Gauge({
      name: 'portal_notification_outbox_messages',
      help: 'Emails in the notification outbox: pending (the depth) and failed (given up after retries)',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        try {
          const rows = await app.db
            .selectFrom('notification_outbox')
            .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
            .where('status', 'in', ['pending', 'failed'])
            .groupBy('status')
            .execute();
          for (const status of ['pending', 'failed'] as const) {
            this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
          }
        } catch {
          // The database is down: /readyz says so; the scrape still answers with what it has.
        }
      },
    });
    new Gauge({
      name: 'portal_notification_replies_unqueued',
      help: "Chat replies whose email the delivery worker has not queued yet (marked portal entries): near 0 while workers run",
      registers: [registry],
      async collect() {
        try {
          const row = await app.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<string | number>().as('count'))
            .where('email_pending', '=', 1)
            .executeTakeFirstOrThrow();
          this.set(Number(row.count));
        } catch {
          // As above: the scrape answers with what it has.
        }
      },
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting queries, max); absent on SQLite',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        if (!use) return;
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw address: ids in paths would make every request a series.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (token === null) throw new ApiError(404, httpMessages.notFound);
      if (!isToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized();
      }
      reply.type(registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
