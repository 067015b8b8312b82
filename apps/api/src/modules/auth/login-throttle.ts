import { apiMessages, sessionMessages } from '@portal/contract';
import { retryLater } from '../../plugins/api-error.js';
import type { LoginThrottleRule } from '../../config.js';
import type { AttemptCounters } from './attempt-counters.js';
import { clientAddressKey } from './client-address.js';

export type { LoginThrottleRule };

/** An attempt that may check its password; call `succeeded` once the password was right. */
export interface LoginAttempt {
  /** The slow-down this attempt waited (0 when the username is not under attack). */
  delayMs: number;
  succeeded(): Promise<void>;
}

export interface LoginThrottleDeps {
  counters: AttemptCounters;
  rule: LoginThrottleRule;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before the password check of the `attempt`-th attempt on a username within its window. */
export function loginDelayMs(rule: LoginThrottleRule, attempt: number): number {
  const excess = attempt - rule.perUserAndAddress;
  if (excess <= 0) return 0;
  return Math.min(rule.delayMaxMs, rule.delayBaseMs * 2 ** Math.min(excess - 1, 30));
}

/**
 * Reserves a login attempt before the password is checked, so a burst of parallel guesses is
 * counted as it arrives: per client address, per (username, client address), and per username
 * across all addresses. Usernames count case-insensitively ('ANowak' is 'anowak').
 */
export function createLoginThrottle({ counters, rule, sleep = wait }: LoginThrottleDeps) {
  const windowMs = rule.windowMinutes * 60_000;
  return {
    async reserve(username: string, ip: string): Promise<LoginAttempt> {
      const user = username.normalize('NFKC').toLowerCase();
      const address = clientAddressKey(ip);
      const keys = {
        address: `login:addr:${address}`,
        pair: `login:pair:${address}|${user}`,
        user: `login:user:${user}`,
      };

      const byAddress = await counters.hit(keys.address, windowMs);
      if (byAddress.count > rule.perAddress) {
        throw retryLater(sessionMessages.tooManyLoginsFromAddress, byAddress.resetAtMs);
      }
      const byPair = await counters.hit(keys.pair, windowMs);
      if (byPair.count > rule.perUserAndAddress) {
        throw retryLater(apiMessages.accountLocked, byPair.resetAtMs, 'AccountLocked');
      }
      const byUser = await counters.hit(keys.user, windowMs);
      const delayMs = loginDelayMs(rule, byUser.count);
      if (delayMs > 0) await sleep(delayMs);

      return {
        delayMs,
        // The right password: this address starts afresh for the username, and the attempt no
        // longer counts against the address or the username.
        succeeded: async () => {
          await counters.clear(keys.pair);
          await counters.refund(keys.address);
          await counters.refund(keys.user);
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
