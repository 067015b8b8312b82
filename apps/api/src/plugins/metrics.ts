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
  /** The registry the modules' gauges are in (createModuleMetrics, before the modules are set up). */
  metrics: ModuleMetrics;
}

/** A gauge read at each scrape: one value, or one per value of its one label. */
export type ModuleGauge = {
  /** Named `portal_<what>`; a module's gauges describe its own tables. */
  name: string;
  help: string;
} & ({ read: () => Promise<number> } | { label: string; values: readonly string[]; read: () => Promise<Readonly<Record<string, number>>> });

/** Where modules register the gauges of their own tables (ModuleEnvironment.metrics). */
export interface ModuleMetrics {
  readonly registry: Registry;
  gauge(gauge: ModuleGauge): void;
  /** A histogram of a module's own timings (e.g. how long a lock is held); answers how to observe one. */
  histogram(spec: { name: string; help: string; buckets: readonly number[] }): (value: number) => void;
}

/** A process's registry: every module adds its gauges, the plugin adds its own and answers scrapes. */
export function createModuleMetrics(): ModuleMetrics {
  const registry = new Registry();
  return {
    registry,
    gauge(spec) {
      new Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: 'label' in spec ? [spec.label] : [],
        registers: [registry],
        async collect() {
          try {
            if ('label' in spec) {
              const values = await spec.read();
              for (const value of spec.values) this.set({ [spec.label]: value }, values[value] ?? 0);
            } else {
              this.set(await spec.read());
            }
          } catch {
            // The database is down: /readyz says so; the scrape still answers with what it has.
          }
        },
      });
    },
    histogram({ name, help, buckets }) {
      const histogram = new Histogram({ name, help, buckets: [...buckets], registers: [registry] });
      return (value) => histogram.observe(value);
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its first differing byte shows in the time taken. */
function isToken(header: string | undefined, token: string): boolean {
  const given = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics of this process at GET /metrics: requests and their latency per route, open
 * WebSockets, the database pool, and the gauges modules register of their tables. Each process has its own registry (and
 * each test server), so a scrape through a load balancer reaches one process: scrape each.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { token, poolUse, metrics }) => {
    const { registry } = metrics;
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
