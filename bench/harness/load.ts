// HTTP load with autocannon from the driver process, with the server's CPU and the machine's load
// read around the measured run (bench/chat's routes, bench/scale's rotating routes).
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import type { ServerUsage } from './protocol.js';
import { round } from './stats.js';

export interface RouteTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface RouteFigures {
  name: string;
  url: string;
  /** autocannon's average of the per-second request counts. */
  requestsPerSecond: number;
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  requests2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  /** The server process during the measured run (not the warm-up). */
  server: ServerLoad;
  /** Where the machine's CPU went during the measured run, in cores (2.0 = both busy). */
  machine: MachineLoad;
}

export interface MachineLoad {
  busyCores: number;
  serverCores: number;
  /** This process: autocannon / the WebSocket clients. */
  loadGeneratorCores: number;
  /** The rest: PostgreSQL's backends on that engine, and anything else running on the machine. */
  otherCores: number;
}

/** Busy (non-idle) CPU time of every core so far, in microseconds. */
export function machineBusyMicros(): number {
  return cpus().reduce((sum, { times }) => sum + (times.user + times.nice + times.sys + times.irq) * 1000, 0);
}

export interface LoadSnapshot {
  machineMicros: number;
  ownMicros: number;
  at: number;
}

export const loadSnapshot = (): LoadSnapshot => {
  const own = process.cpuUsage();
  return { machineMicros: machineBusyMicros(), ownMicros: own.user + own.system, at: performance.now() };
};

export function machineLoad(before: LoadSnapshot, after: LoadSnapshot, serverCores: number): MachineLoad {
  const wallMicros = (after.at - before.at) * 1000;
  const busyCores = (after.machineMicros - before.machineMicros) / wallMicros;
  const loadGeneratorCores = (after.ownMicros - before.ownMicros) / wallMicros;
  return {
    busyCores: round(busyCores, 2),
    serverCores,
    loadGeneratorCores: round(loadGeneratorCores, 2),
    otherCores: round(Math.max(0, busyCores - serverCores - loadGeneratorCores), 2),
  };
}

export interface ServerLoad {
  /** CPU time (user + system, every thread) per answered request. */
  cpuMicrosPerRequest: number;
  /** CPU seconds per wall second: 1.0 is one core busy. */
  cores: number;
  /** Share of the time the server's event loop was busy (1.0 = saturated, so the server is the bottleneck). */
  eventLoopUtilization: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export async function readUsage(url: string): Promise<ServerUsage> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as ServerUsage;
}

/** What the server spent between two readings, spread over `requests`. */
export function serverLoad(before: ServerUsage, after: ServerUsage, requests: number, wallMs: number): ServerLoad {
  const cpu = after.cpuMicros - before.cpuMicros;
  const active = after.loopActiveMs - before.loopActiveMs;
  const idle = after.loopIdleMs - before.loopIdleMs;
  return {
    cpuMicrosPerRequest: requests ? round(cpu / requests, 0) : 0,
    cores: round(cpu / 1000 / wallMs, 2),
    eventLoopUtilization: active + idle ? round(active / (active + idle), 3) : 0,
  };
}

async function fire(target: RouteTarget, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url: target.url, connections, duration, headers: target.headers });
}

/** Warm-up (discarded), then the measured run; `usageUrl` answers the server's ServerUsage. */
export function measureRoute(target: RouteTarget, options: LoadOptions, usageUrl: string): Promise<RouteFigures> {
  return measureLoad(target.name, target.url, (seconds) => fire(target, options.connections, seconds), options, usageUrl);
}

/**
 * The measurement behind every route figure: `run(seconds)` drives the load; a warm-up run is
 * discarded, then the server's CPU and the machine's load are read around the measured run.
 */
export async function measureLoad(
  name: string,
  url: string,
  run: (seconds: number) => Promise<autocannon.Result>,
  options: LoadOptions,
  usageUrl: string,
): Promise<RouteFigures> {
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const before = await readUsage(usageUrl);
  const machineBefore = loadSnapshot();
  const result = await run(options.durationSeconds);
  const machineAfter = loadSnapshot();
  const after = await readUsage(usageUrl);
  const server = serverLoad(before, after, result.requests.total, machineAfter.at - machineBefore.at);
  return {
    name,
    url,
    requestsPerSecond: round(result.requests.average, 0),
    latencyMs: {
      average: round(result.latency.average, 2),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: round(result.throughput.average, 0),
    server,
    machine: machineLoad(machineBefore, machineAfter, server.cores),
  };
}

/** One GET before the load: the route must answer 200 with a JSON body. */
export async function getJson(target: RouteTarget): Promise<unknown> {
  const response = await fetch(target.url, { headers: target.headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name}: GET ${target.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}
