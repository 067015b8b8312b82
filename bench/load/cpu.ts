import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster.js';

// Where the machine's CPU goes during a run of bench:load, from /proc.

/** CPU seconds (user + system) of one process so far, from /proc; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command's ") ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Busy and total CPU seconds of the whole machine so far (/proc/stat, every core). */
function machineSeconds(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const ticks = values.map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busy: (total - idle) / 100, total: total / 100 };
}

/**
 * Where the machine's CPU went during a run: what the box limits. PostgreSQL's backends of the
 * cluster's database come and go with the pools, so they are looked up every second and each one's
 * CPU is taken from its first sighting (0 for one that started during the run) to its last.
 */
export async function cpuProbe(cluster: Cluster): Promise<() => Promise<string>> {
  const client = new pg.Client({ connectionString: cluster.postgres.ownerUrl });
  await client.connect();
  const backendPids = async () =>
    (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((row) => row.pid);
  const backends = new Map<number, { first: number; last: number }>();
  const sight = (pids: number[], first: (pid: number) => number) => {
    for (const pid of pids) {
      const now = cpuSeconds(pid);
      const known = backends.get(pid);
      if (known) known.last = Math.max(known.last, now);
      else backends.set(pid, { first: first(pid), last: now });
    }
  };
  sight(await backendPids(), cpuSeconds);
  const sampler = setInterval(() => {
    void backendPids().then((pids) => sight(pids, () => 0), () => undefined);
  }, 1000);
  const nginxPid = Number(readFileSync(join(cluster.dir, 'nginx.pid'), 'utf8').trim());
  const fixed: Record<string, number[]> = { API: cluster.processes.map((child) => child.pid), nginx: [nginxPid] };
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
  const before = Object.fromEntries(Object.entries(fixed).map(([name, pids]) => [name, sum(pids)]));
  const generatorBefore = process.cpuUsage();
  const machineBefore = machineSeconds();
  const startedAt = performance.now();
  return async () => {
    clearInterval(sampler);
    sight(await backendPids(), () => 0);
    await client.end();
    const wall = (performance.now() - startedAt) / 1000;
    const machine = machineSeconds();
    const cores = (seconds: number) => (seconds / wall).toFixed(2);
    const generator = process.cpuUsage(generatorBefore);
    const postgres = [...backends.values()].reduce((total, { first, last }) => total + Math.max(0, last - first), 0);
    const parts = Object.entries(fixed).map(([name, pids]) => `${name} ${cores(sum(pids) - (before[name] ?? 0))}`);
    parts.splice(1, 0, `PostgreSQL ${cores(postgres)}`);
    parts.push(`generator ${cores((generator.user + generator.system) / 1e6)}`);
    const busy = machine.busy - machineBefore.busy;
    const capacity = machine.total - machineBefore.total;
    return `${cores(busy)} of ${(capacity / wall).toFixed(1)} busy (${parts.join(', ')})`;
  };
}
