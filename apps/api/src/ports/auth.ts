import type { onRequestAsyncHookHandler } from 'fastify';

/** One attempt counted in a database counter row. */
export interface CounterHit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** When the window ends and the count starts again from zero (ms since the epoch). */
  resetAtMs: number;
}

/** What the server and other modules ask of the auth module (modules/auth/index.ts builds it). */
export interface AuthPort {
  /** A WebSocket ticket's first use: true; any later one: false (revoked_tokens). */
  redeemTicket(ticketId: string, expiresAtMs: number): Promise<boolean>;
  /** The database-backed attempt counter (every API process counts into one row): other modules' rate limits. */
  hitCounter(key: string, windowMs: number): Promise<CounterHit>;
  /** Gives one attempt of `key` back (the work it reserved did not happen), within its window only. */
  refundCounter(key: string): Promise<void>;
  /** The per-address limit of the public routes (AUTH_RATE_LIMIT_PER_MINUTE a minute), for another module's public route: 429 past it. */
  publicRateLimit(name: string): onRequestAsyncHookHandler;
}
