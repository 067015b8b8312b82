import { AUTH_TOKEN_LIFETIME_MINUTES, STAFF_IDLE_MINUTES_DEFAULT } from '@portal/contract';
import { defineSlice, wholeNumber } from '../../config-kit.js';

/** Sessions (issue 21): how long a token lasts and how long staff may stay idle. */
export interface SessionsConfig {
  /** SESSION_MINUTES: a token's lifetime (default AUTH_TOKEN_LIFETIME_MINUTES); "Stay signed in" issues a new one. */
  lifetimeMinutes: number;
  /** STAFF_IDLE_MINUTES (5 at least: the web warns 2 minutes ahead): an EMPLOYEE or ADMIN session with no request for this long ends (server-side). */
  staffIdleMinutes: number;
}

export const sessionsSlice = defineSlice({
  SESSION_MINUTES: wholeNumber(3, 24 * 60),
  STAFF_IDLE_MINUTES: wholeNumber(5, 24 * 60),
})(
  (env): { sessions: SessionsConfig } => ({
    sessions: {
      lifetimeMinutes: env.SESSION_MINUTES ?? AUTH_TOKEN_LIFETIME_MINUTES,
      staffIdleMinutes: env.STAFF_IDLE_MINUTES ?? STAFF_IDLE_MINUTES_DEFAULT,
    },
  }),
);
