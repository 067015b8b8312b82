// npm run bench:scale [-- --engines=sqlite,postgres --duration=10 --warmup=2 --connections=20]
//
// The scale benchmark (not a test): per engine, bench/scale/server.ts seeds 100,000 users and
// 1,000,000 obligations into a throw-away database and serves the real API; this process then
// measures, one after another at 20 connections, a bare Fastify route and the reads that must stay
// fast at that size: a citizen's obligations, the user search (q=, common and rare texts), the
// label list and a label's users. With a built web app (BENCH_WEB_DIST, default apps/web/dist)
// it also opens Create Obligations in Chromium and times the labels and a search.
// Targets print PASS / MISS and never fail the run; wrong answers do.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startChild } from '../harness/child.js';
import { probePostgres } from '../harness/databases.js';
import type { LoadOptions, RouteFigures } from '../harness/load.js';
import { adminDatabaseUrl, type BenchEngine } from '../harness/protocol.js';
import { round, table } from '../harness/stats.js';
import { type BrowserFigures, measureBrowser } from './browser.js';
import { checkAnswers, measureRotating, type RotatingTarget } from './load.js';
import type { ScaleReady } from './protocol.js';

const TARGETS = { p99Ms: 50, labelsShownMs: 1_000, searchMs: 300 } as const;
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
/** 100,000 users and 1,000,000 obligations take a minute or two to write. */
const SEED_TIMEOUT_MS = 15 * 60_000;
const PAGE = 51;

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    browser: { type: 'string', default: 'true' }, // --browser=false skips Chromium
  },
});
const load: LoadOptions = { connections: Number(args.connections), durationSeconds: Number(args.duration), warmupSeconds: Number(args.warmup) };
for (const [name, value] of Object.entries(load)) if (!(value >= 0)) throw new Error(`--${name} must be a number`);
const engines = args.engines.split(',').map((name) => name.trim()) as BenchEngine[];
process.env.BENCH_WEB_DIST ??= DEFAULT_WEB_DIST;

const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');

interface EngineReport {
  engine: BenchEngine;
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  seed: ScaleReady['seed'];
  routes: RouteFigures[];
  browser: BrowserFigures | null;
  targets: { name: string; value: number; target: string; met: boolean }[];
}

const isArrayOf = (length: (n: number) => boolean) => (body: unknown) =>
  Array.isArray(body) && length(body.length) ? null : `unexpected answer ${JSON.stringify(body).slice(0, 200)}`;

async function benchEngine(engine: BenchEngine): Promise<EngineReport> {
  const startedAt = new Date().toISOString();
  console.log(`\n[${engine}] starting the server and seeding 100,000 users and 1,000,000 obligations…`);
  const child = await startChild<ScaleReady>(engine, new URL('./server.ts', import.meta.url), { startTimeoutMs: SEED_TIMEOUT_MS });
  try {
    const ready = child.ready;
    console.log(`[${engine}] seeded in ${(ready.seed.totalMs / 1000).toFixed(1)} s (users and search rows ${(ready.seed.usersMs / 1000).toFixed(1)} s, obligations ${(ready.seed.obligationsMs / 1000).toFixed(1)} s, analyze ${(ready.seed.analyzeMs / 1000).toFixed(1)} s)`);
    const api = `http://127.0.0.1:${ready.ports.api}`;
    const staff = { authorization: `Bearer ${ready.employee.token}` };
    const users = (query: string) => ({ path: `/api/users?${query}&role=USER&limit=${PAGE}`, headers: staff });
    const targets: [RotatingTarget, (body: unknown, path: string) => string | null][] = [
      [{ name: 'hello world (bare Fastify)', origin: `http://127.0.0.1:${ready.ports.hello}`, requests: [{ path: '/hello' }] }, () => null],
      [
        {
          name: 'a citizen\u2019s obligations (own list)',
          origin: api,
          requests: ready.citizens.map((citizen) => ({
            path: `/api/financial-obligations/by-interest-id/${citizen.userId}`,
            headers: { authorization: `Bearer ${citizen.token}` },
          })),
        },
        isArrayOf((n) => n === 10),
      ],
      [{ name: 'user search, common text (q=nowak…)', origin: api, requests: ready.searches.common.map((q) => users(`q=${q}`)) }, isArrayOf((n) => n === PAGE)],
      [{ name: 'user search, rare text (one match)', origin: api, requests: ready.searches.rare.map((q) => users(`q=${q}`)) }, isArrayOf((n) => n === 1)],
      [{ name: 'label list (GET /api/users/labels)', origin: api, requests: [{ path: '/api/users/labels?role=USER', headers: staff }] }, isArrayOf((n) => n === ready.labels.length)],
      [{ name: 'a label\u2019s users (prefix=, first page)', origin: api, requests: ready.labels.map((label) => users(`prefix=${encodeURIComponent(label)}`)) }, isArrayOf((n) => n > 0 && n <= PAGE)],
    ];
    const routes: RouteFigures[] = [];
    for (const [target, check] of targets) {
      await checkAnswers(target, check);
      console.log(`[${engine}] ${target.name}: ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s at ${load.connections} connections`);
      routes.push(await measureRotating(target, load, `http://127.0.0.1:${ready.ports.hello}/usage`));
    }
    let browser: BrowserFigures | null = null;
    if (args.browser !== 'false' && ready.webApp) {
      console.log(`[${engine}] Chromium: Create Obligations with ${ready.labels.length} labels, then searches`);
      browser = await measureBrowser(api, ready.employee, ready.searches.rare.slice(0, 5));
    } else if (args.browser !== 'false') {
      console.log(`[${engine}] no built web app at ${process.env.BENCH_WEB_DIST}: Chromium part skipped (npm run build -w @portal/web)`);
    }
    const api99 = routes.slice(1);
    const report: EngineReport = {
      engine,
      startedAt,
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: round(totalmem() / 2 ** 30, 1), node: process.version },
      seed: ready.seed,
      routes,
      browser,
      targets: [
        ...api99.map((route) => ({ name: `${route.name} p99 ms`, value: route.latencyMs.p99, target: `<= ${TARGETS.p99Ms}`, met: route.latencyMs.p99 <= TARGETS.p99Ms })),
        ...(browser
          ? [
              { name: 'Chromium: labels shown after navigation, ms', value: browser.labelsShownMs, target: `< ${TARGETS.labelsShownMs}`, met: browser.labelsShownMs < TARGETS.labelsShownMs },
              { name: 'Chromium: search answered (slowest), ms', value: browser.searchMs.max, target: `< ${TARGETS.searchMs}`, met: browser.searchMs.max < TARGETS.searchMs },
            ]
          : []),
      ],
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = `${RESULTS_DIR}scale-${engine}-${startedAt.replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
    console.log(`raw figures: ${file}`);
    return report;
  } finally {
    await child.stop();
  }
}

function printReport(report: EngineReport): void {
  const hello = report.routes[0];
  console.log(`\n${report.engine}: ${report.seed.users.toLocaleString('en')} users, ${report.seed.obligations.toLocaleString('en')} obligations, seeded in ${(report.seed.totalMs / 1000).toFixed(1)} s`);
  console.log(
    table(
      ['route', 'req/s', 'x hello', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'CPU/req µs', 'server cores'],
      report.routes.map((route) => [
        route.name,
        route.requestsPerSecond,
        hello ? round(route.requestsPerSecond / hello.requestsPerSecond, 3) : '',
        route.latencyMs.p50,
        route.latencyMs.p99,
        route.latencyMs.max,
        route.non2xx + route.errors + route.timeouts,
        route.server.cpuMicrosPerRequest,
        route.server.cores,
      ]),
    ),
  );
  if (report.browser) {
    console.log(`Chromium: labels shown ${report.browser.labelsShownMs} ms after navigation; searches ${report.browser.searchMs.all.join(', ')} ms`);
  }
  console.log(table(['target', 'value', 'target', ''], report.targets.map((t) => [t.name, t.value, t.target, verdict(t.met)])));
}

const reports: EngineReport[] = [];
for (const engine of engines) {
  if (engine === 'postgres') {
    const problem = await probePostgres(adminDatabaseUrl());
    if (problem) {
      console.log(`\n!!! PostgreSQL SKIPPED: cannot reach ${adminDatabaseUrl()} (${problem})`);
      continue;
    }
  }
  reports.push(await benchEngine(engine));
}
const errors = reports.flatMap((report) => report.routes.filter((route) => route.non2xx + route.errors + route.timeouts > 0).map((route) => `${report.engine}: ${route.name}`));
if (errors.length) {
  console.error(`\nroutes with failed requests: ${errors.join('; ')}`);
  process.exit(1);
}
