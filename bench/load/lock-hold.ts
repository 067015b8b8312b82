// How long the changes held the audit chain's lock during a run (issue 31: target p99 <= 5 ms),
// read from each API process's own histogram at GET /metrics (portal_audit_chain_lock_held_ms):
// the buckets' counts at the end minus those at the start, summed over the processes. The figure
// is the upper bound of the bucket the percentile falls in (a histogram keeps no finer detail).
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
  if (total === 0) return 'no lock held (no audited change)';
  const at = (p: number) => {
    const index = counts.findIndex((count) => count >= (p / 100) * total);
    const bound = bounds[index] ?? '+Inf';
    return bound === '+Inf' ? `> ${bounds.at(-2) ?? '?'} ms` : `<= ${bound} ms`;
  };
  return `${total.toLocaleString('en')} holds, p50 ${at(50)}, p99 ${at(99)}`;
}

/** Starts counting now; the answer, called at the run's end, describes the holds in between. */
export async function lockHoldProbe(cluster: Cluster): Promise<() => Promise<string>> {
  const before = await scrapeAll(cluster);
  return async () => describe(before, await scrapeAll(cluster));
}
