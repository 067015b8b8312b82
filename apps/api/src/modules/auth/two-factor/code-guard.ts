import {
  LOGIN_CHALLENGE_SECONDS,
  SECOND_FACTOR_FAILURES_PER_ACCOUNT,
  SECOND_FACTOR_PAUSE_MINUTES,
  SECOND_FACTOR_TRIES_PER_CHALLENGE,
  twoFactorMessages as m,
} from '@portal/contract';
import { retryLater, unauthorized } from '../../../plugins/api-error.js';
import type { AttemptCounters } from '../attempt-counters.js';

/** A code check that may go ahead; tell it how the code turned out. */
export interface CodeAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface CodeGuardDeps {
  /** Database counters (every API process counts into the same rows), on the two-factor clock. */
  counters: AttemptCounters;
  /** Ends a sign-in challenge (its wrong codes are used up). */
  endChallenge: (challengeId: string) => Promise<void>;
  /** Tells the owner that code sign-in is paused; `windowEndMs` names the pause (one notice per pause). */
  tellPaused: (userId: number, windowEndMs: number) => Promise<void>;
}

/**
 * Second-factor codes per account, whatever the addresses they come from (issue 34): the login
 * throttle counts per address and only slows a username down, so 40 addresses could each try
 * their share. Every attempt is reserved in the database BEFORE its code is checked (one atomic
 * statement each, so parallel requests on several processes each get their own count):
 * - a challenge takes SECOND_FACTOR_TRIES_PER_CHALLENGE codes, then it ends (sign in again);
 * - an account takes SECOND_FACTOR_FAILURES_PER_ACCOUNT wrong codes per SECOND_FACTOR_PAUSE_MINUTES;
 *   beyond them its code checks are refused (429) until the window ends and the owner is told.
 * A right code gives its reservation back, so the owner's own sign-ins never add up to a pause.
 */
export function createCodeGuard({ counters, endChallenge, tellPaused }: CodeGuardDeps) {
  const accountKey = (userId: number) => `2fa:account:${userId}`;
  return {
    async reserve(userId: number, challengeId: string): Promise<CodeAttempt> {
      const byChallenge = await counters.hit(`2fa:challenge:${challengeId}`, LOGIN_CHALLENGE_SECONDS * 1000);
      if (byChallenge.count > SECOND_FACTOR_TRIES_PER_CHALLENGE) {
        await endChallenge(challengeId);
        throw unauthorized(m.challengeSpent);
      }
      const byAccount = await counters.hit(accountKey(userId), SECOND_FACTOR_PAUSE_MINUTES * 60_000);
      if (byAccount.count > SECOND_FACTOR_FAILURES_PER_ACCOUNT) {
        // The first refusal also tells the owner: the attempt that reached the limit may have been right after all.
        if (byAccount.count === SECOND_FACTOR_FAILURES_PER_ACCOUNT + 1) await tellPaused(userId, byAccount.resetAtMs);
        throw retryLater(m.codesPaused, byAccount.resetAtMs, 'SecondFactorPaused');
      }
      return {
        async failed() {
          if (byChallenge.count === SECOND_FACTOR_TRIES_PER_CHALLENGE) await endChallenge(challengeId);
          if (byAccount.count === SECOND_FACTOR_FAILURES_PER_ACCOUNT) await tellPaused(userId, byAccount.resetAtMs);
        },
        succeeded: () => counters.refund(accountKey(userId)),
      };
    },
  };
}

export type CodeGuard = ReturnType<typeof createCodeGuard>;
