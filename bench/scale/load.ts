// autocannon against one route whose path (and token) rotate per request, with the server's CPU
// and the machine's load over the measured run (the helpers of bench/chat).
import autocannon from 'autocannon';
import { type LoadOptions, measureLoad, type RouteFigures } from '../harness/load.js';

export interface RotatingTarget {
  name: string;
  origin: string;
  /** Request i uses requests[i % length]. */
  requests: { path: string; headers?: Record<string, string> }[];
}

function fire(target: RotatingTarget, connections: number, duration: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: target.origin,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = target.requests[next % target.requests.length];
          next += 1;
          return { ...request, path: chosen?.path ?? '/', headers: { ...request.headers, ...chosen?.headers } };
        },
      },
    ],
  });
}

export function measureRotating(target: RotatingTarget, options: LoadOptions, usageUrl: string): Promise<RouteFigures> {
  const url = `${target.origin}${target.requests[0]?.path ?? ''}`;
  return measureLoad(target.name, url, (seconds) => fire(target, options.connections, seconds), options, usageUrl);
}

/** How long a check waits out 503s: the requests a slow read left queued still hold the database's connections. */
const DRAIN_MS = 120_000;

/** Each distinct request once before the load: 200 with JSON, checked by `check`. */
export async function checkAnswers(target: RotatingTarget, check: (body: unknown, path: string) => string | null): Promise<void> {
  for (const request of target.requests.slice(0, 50)) {
    const started = Date.now();
    let response = await fetch(`${target.origin}${request.path}`, { headers: request.headers });
    while (response.status === 503 && Date.now() - started < DRAIN_MS) {
      await response.text();
      console.log(`${target.name}: 503 while the previous read's requests drain; asking again in 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      response = await fetch(`${target.origin}${request.path}`, { headers: request.headers });
    }
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${target.name}: GET ${request.path} answered ${response.status}: ${text.slice(0, 300)}`);
    const problem = check(JSON.parse(text) as unknown, request.path);
    if (problem) throw new Error(`${target.name}: GET ${request.path}: ${problem}`);
  }
}
