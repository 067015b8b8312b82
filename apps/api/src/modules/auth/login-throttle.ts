import { authApiMessages, sessionMessages } from '@portal/contract';
import { retryLater } from '../../plugins/api-error.js';
import type { LoginThrottleRule } from './config.js';
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

/**
 * The wait before the password check of the `attempt`-th attempt within its window, when
 * `allowed` attempts go without waiting (per username: perUserAndAddress; per address: perAddress).
 */
export function loginDelayMs(rule: LoginThrottleRule, attempt: number, allowed: number = rule.perUserAndAddress): number {
  const excess = attempt - allowed;
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
      const byPair = await counters.hit(keys.pair, windowMs);
      if (byPair.count > rule.perUserAndAddress) {
        throw retryLater(authApiMessages.accountLocked, byPair.resetAtMs, 'AccountLocked');
      }
      // A busy address: the usernames it already failed on wait out the window (a success clears
      // the pair, so a count above 1 means an earlier attempt here failed or is still running);
      // its other usernames, e.g. colleagues behind the same NAT, only wait.
      const addressBusy = byAddress.count > rule.perAddress;
      if (addressBusy && byPair.count > 1) {
        throw retryLater(sessionMessages.tooManyLoginsFromAddress, Math.min(byAddress.resetAtMs, byPair.resetAtMs));
      }
      const byUser = await counters.hit(keys.user, windowMs);
      const delayMs = Math.max(loginDelayMs(rule, byUser.count), loginDelayMs(rule, byAddress.count, rule.perAddress));
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
