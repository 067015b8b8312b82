import { httpMessages } from '@portal/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import { retryLater } from '../../plugins/api-error.js';
import type { AttemptCounters } from './attempt-counters.js';
import { clientAddressKey } from './client-address.js';

/**
 * A per-client-address limit of `max` calls per minute for one route, counted in the database
 * (shared by every API process, kept across restarts). Runs before the body is read; over the
 * limit the answer is 429 with Retry-After.
 */
export function perAddressRateLimit(counters: AttemptCounters, name: string, max: number): onRequestAsyncHookHandler {
  return async (request) => {
    const hit = await counters.hit(`rate:${name}:${clientAddressKey(request.ip)}`, 60_000);
    if (hit.count > max) throw retryLater(httpMessages.tooManyRequests, hit.resetAtMs);
  };
}
