// How long the audit chain's lock was held during a run (issue 31: target p99 <= 5 ms). Changes
// write their audit rows unchained and take no lock; the chainer of each API process links them in
// batches under the lock. Its hold per batch is read from each process's own histogram at GET
// /metrics (portal_audit_chain_lock_held_ms): the buckets' counts at the end minus those at the
// start, summed over the processes. The figure is the upper bound of the bucket the percentile
// falls in (a histogram keeps no finer detail). Separately, and without trusting the API's own
// figures, PostgreSQL is asked every few milliseconds who holds the lock: a holder that has also
// written a table other than audit_log is a change's transaction, which must never be seen.
import pg from 'pg';
import type { Cluster } from '../../scripts/cluster.js';

export const METRICS_TOKEN = 'bench-load-metrics-token-of-this-run';
const METRIC = 'portal_audit_chain_lock_held_ms';

/** Cumulative count per bucket bound ("+Inf" last), as Prometheus's text gives them. */
type Buckets = Map<string, number>;

async function scrape(port: number): Promise<Buckets> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics of the API process on ${port}: ${response.status}`);
  const buckets: Buckets = new Map();
  for (const line of (await response.text()).split('\n')) {
    const match = new RegExp(`^${METRIC}_bucket\\{le="([^"]+)"\\} (\\d+)`).exec(line);
    if (match) buckets.set(match[1]!, Number(match[2]));
  }
  return buckets;
}

async function scrapeAll(cluster: Cluster): Promise<Buckets> {
  const total: Buckets = new Map();
  for (const buckets of await Promise.all(cluster.processes.map((child) => scrape(child.port)))) {
    for (const [bound, count] of buckets) total.set(bound, (total.get(bound) ?? 0) + count);
  }
  return total;
}

/** The lock holds' count and p50 / p99 bucket bounds between two scrapes, e.g. "1,234 holds, p50 <= 1 ms, p99 <= 4 ms". */
function describe(before: Buckets, after: Buckets): string {
  const bounds = [...after.keys()];
  const counts = bounds.map((bound) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0));
  const total = counts.at(-1) ?? 0;
  if (total === 0) return 'no chainer batch held the lock (no audited change)';
  const at = (p: number) => {
    const index = counts.findIndex((count) => count >= (p / 100) * total);
    const bound = bounds[index] ?? '+Inf';
    return bound === '+Inf' ? `> ${bounds.at(-2) ?? '?'} ms` : `<= ${bound} ms`;
  };
  return `${total.toLocaleString('en')} chainer holds, p50 ${at(50)}, p99 ${at(99)}`;
}

/** Starts counting now; the answer, called at the run's end, describes the holds in between. */
export async function lockHoldProbe(cluster: Cluster): Promise<() => Promise<string>> {
  const before = await scrapeAll(cluster);
  return async () => describe(before, await scrapeAll(cluster));
}

/** The chain's advisory lock key (modules/audit/chainer.ts) as pg_locks shows a bigint key: high and low 32 bits. */
const CHAIN_LOCK = { classid: 0x61, objid: 0x75646974 };
/** How often pg_locks is sampled during a run. */
const SAMPLE_MS = 10;

/**
 * Starts sampling who holds the chain's lock; the answer, called at the run's end, says in how many
 * samples it was held and in how many by a change's transaction (one that also holds a row-write
 * lock on a table other than audit_log and its indexes): 0 is the promise.
 */
export async function lockHolderProbe(cluster: Cluster): Promise<() => Promise<{ text: string; changesHeld: number }>> {
  const client = new pg.Client({ connectionString: cluster.postgres.ownerUrl });
  await client.connect();
  let samples = 0;
  let held = 0;
  let byChange = 0;
  let busy = false;
  const sample = async () => {
    const { rows } = await client.query<{ holders: string; changes: string }>(
      `select count(*) as holders, count(*) filter (where exists (
           select 1 from pg_locks w join pg_class c on c.oid = w.relation
            where w.pid = l.pid and w.locktype = 'relation' and w.mode = 'RowExclusiveLock' and c.relname not like 'audit_log%')) as changes
         from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.classid = $1 and l.objid = $2`,
      [CHAIN_LOCK.classid, CHAIN_LOCK.objid],
    );
    samples += 1;
    if (Number(rows[0]?.holders) > 0) held += 1;
    byChange += Number(rows[0]?.changes ?? 0);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void sample().finally(() => (busy = false)).catch(() => undefined);
  }, SAMPLE_MS);
  return async () => {
    clearInterval(timer);
    while (busy) await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    await client.end();
    const text = `lock seen held in ${held.toLocaleString('en')} of ${samples.toLocaleString('en')} samples of pg_locks, by a change's transaction in ${byChange}`;
    return { text, changesHeld: byChange };
  };
}
