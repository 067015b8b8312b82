import { cpus } from 'node:os';
import type { LoadOptions, MachineLoad, RouteFigures } from '../harness/load.js';
import type { BenchEngine } from '../harness/protocol.js';
import { round, table } from '../harness/stats.js';
import type { LiveFigures, LiveOptions, PhaseFigures } from './live-load.js';

// What bench:chat reports per engine, and how it prints it.

export interface EngineReport {
  engine: BenchEngine;
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverageBefore: number[]; busyBefore: number };
  options: { load: LoadOptions; live: LiveOptions };
  seedMs: number;
  routes: { hello: RouteFigures; raw: RouteFigures; authenticated: RouteFigures };
  ratios: { authOverRaw: number; authOverHello: number; rawOverHello: number };
  /** Raw rows and authenticated measured by turns; `routes` holds the median round's pair. */
  rounds: { raw: RouteFigures; authenticated: RouteFigures; authOverRaw: number }[];
  live: Omit<LiveFigures, 'raw'>;
  /** The first phase that is not a warm-up: the figure the targets are about. */
  headline: PhaseFigures;
  targets: { name: string; value: number; target: string; met: boolean }[];
}

export const BUSY_WARNING = 0.15;

/** Share of all cores' time spent outside idle over `ms` (before the server starts: others' load). */
export async function machineBusy(ms = 1_000): Promise<number> {
  const sample = () =>
    cpus().reduce(
      (sum, { times }) => ({ idle: sum.idle + times.idle, all: sum.all + times.user + times.nice + times.sys + times.idle + times.irq }),
      { idle: 0, all: 0 },
    );
  const first = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const second = sample();
  const all = second.all - first.all;
  return all > 0 ? 1 - (second.idle - first.idle) / all : 0;
}

export const cores = (load: MachineLoad) => `${load.serverCores.toFixed(2)}/${load.loadGeneratorCores.toFixed(2)}/${load.otherCores.toFixed(2)}`;

export const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
export const banner = (text: string) => console.log(`\n${'='.repeat(100)}\n${text}\n${'='.repeat(100)}`);

export function printReport(report: EngineReport): void {
  const { routes, ratios, live } = report;
  const ms = (value: number) => round(value, 1);
  banner(
    `${report.engine}: ${report.machine.cpus} cores (${report.machine.cpuModel}), node ${report.machine.node}; load generator on the same cores; ` +
      `machine ${Math.round(report.machine.busyBefore * 100)}% busy before the start`,
  );
  console.log(
    `(a) GET of a 50-message conversation, ${report.options.load.connections} connections, ` +
      `${report.options.load.durationSeconds} s each after ${report.options.load.warmupSeconds} s warm-up\n`,
  );
  console.log(
    table(
      ['route', 'req/s', 'vs raw', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'server µs CPU/req', 'server loop busy', 'cores: server/loadgen/other'],
      [routes.hello, routes.raw, routes.authenticated].map((route) => [
        route.name,
        route.requestsPerSecond,
        (route.requestsPerSecond / routes.raw.requestsPerSecond).toFixed(2),
        route.latencyMs.p50,
        route.latencyMs.p90,
        route.latencyMs.p99,
        route.latencyMs.max,
        route.non2xx,
        route.errors,
        route.server.cpuMicrosPerRequest,
        `${Math.round(route.server.eventLoopUtilization * 100)}%`,
        cores(route.machine),
      ]),
    ),
  );
  console.log(`(cores: CPU seconds per second of the server process / this load generator / everything else${report.engine === 'postgres' ? ', PostgreSQL included' : ''})`);
  console.log(`\nauthenticated / raw rows = ${ratios.authOverRaw} (the median of ${report.rounds.length} rounds: ${report.rounds.map((each) => each.authOverRaw.toFixed(2)).join(', ')}; the table shows that round)`);
  console.log(`authenticated / hello = ${ratios.authOverHello}   raw rows / hello = ${ratios.rawOverHello}`);
  console.log(
    `\n(b) ${live.sockets} WebSockets in ${live.conversations} conversations (one employee per conversation), ` +
      `connected in ${Math.round(live.connectMs)} ms; send -> the other party's socket receives the frame\n`,
  );
  console.log(
    table(
      ['phase', 'messages', 'msg/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'POST p50 ms', 'POST p99 ms', 'server µs CPU/msg', 'server loop busy', 'cores: server/loadgen/other'],
      live.phases.map((phase) => [
        phase.name,
        phase.messages,
        Math.round((phase.messages / phase.sendMs) * 1000),
        ms(phase.deliveryMs.p50),
        ms(phase.deliveryMs.p95),
        ms(phase.deliveryMs.p99),
        ms(phase.deliveryMs.max),
        ms(phase.postMs.p50),
        ms(phase.postMs.p99),
        phase.server.cpuMicrosPerRequest,
        `${Math.round(phase.server.eventLoopUtilization * 100)}%`,
        cores(phase.machine),
      ]),
    ),
  );
  console.log(
    `\ndelivered ${live.delivered}/${live.expected}, missing ${live.missing}, duplicates ${live.duplicates}, misdeliveries ${live.misdeliveries}, ` +
      `unknown frames ${live.unknownFrames}, id mismatches ${live.idMismatches}, send failures ${JSON.stringify(live.sendFailures)}, ` +
      `sockets closed early ${live.socketsClosedEarly}; echo to sender ${live.echoedToSender}/${live.sent}`,
  );
  console.log('');
  console.log(table(['target', 'measured', 'goal', ''], report.targets.map((t) => [t.name, t.value, t.target, verdict(t.met)])));
}
