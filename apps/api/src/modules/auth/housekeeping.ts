import type { FastifyBaseLogger } from 'fastify';
import type { AttemptCounters } from './attempt-counters.js';
import type { Revocations } from '../../ports/sessions.js';

const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Ended counter windows and revocations of expired tokens are deleted by age, on start and then
 * every ten minutes, by every API process (deleting twice is harmless). Nothing else ever removes
 * a row, so no amount of traffic can push a lock out. Returns the function that stops it.
 */
export function startAuthHousekeeping(
  deps: { counters: AttemptCounters; revocations: Revocations; log: Pick<FastifyBaseLogger, 'warn' | 'debug'> },
  everyMs: number = PURGE_EVERY_MS,
): () => void {
  const purge = () => {
    Promise.all([deps.counters.purgeExpired(), deps.revocations.purgeExpired()])
      .then(([counters, revoked]) => deps.log.debug({ counters, revoked }, 'expired auth rows purged'))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'expired auth rows not purged; next round tries again'));
  };
  const first = setTimeout(purge, 1_000);
  const timer = setInterval(purge, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
