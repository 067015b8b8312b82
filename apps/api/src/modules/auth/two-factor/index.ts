import type { FastifyInstance } from 'fastify';
import type { AuthSettings } from '../config.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { Db } from '../../../db/database.js';
import { named } from '../../../plugins/plugin-name.js';
import type { AuditPort } from '../../../ports/audit.js';
import type { UsersPort } from '../../../ports/users.js';
import { type AttemptCounters, createAttemptCounters } from '../attempt-counters.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { Revocations } from '../../../ports/sessions.js';
import type { IssueToken } from '../token-issuer.js';
import { createCodeGuard } from './code-guard.js';
import { createTwoFactorRepository } from './repository.js';
import { twoFactorRoutes } from './routes.js';
import { createSecretBox, loadTwoFactorKey } from './secret-box.js';
import { createTwoFactorService, type TwoFactorService } from './service.js';

export type { LoginAnswer, TwoFactorService } from './service.js';

export interface TwoFactorSetup {
  db: Db;
  settings: AuthSettings;
  users: UsersPort;
  audit: AuditPort;
  /** The owner hears of each factor change through its event (a portal entry and an email, the entry's live notice at the commit). */
  events: PortalEvents;
  throttle: LoginThrottle;
  counters: AttemptCounters;
  revocations: Revocations;
  issueToken: IssueToken;
  now?: () => number;
}

/**
 * Two-factor sign-in (issue 21, section 1), a part of the auth module: it shares the login
 * throttle (a code is a password) and the token service. Answers the service POST /login asks
 * after a right password, and registers its routes.
 */
export async function registerTwoFactor(app: FastifyInstance, setup: TwoFactorSetup): Promise<TwoFactorService> {
  const { settings } = setup;
  const repository = createTwoFactorRepository(setup.db, (work) => setup.events.transaction(work));
  const now = setup.now ?? Date.now;
  const codeGuard = createCodeGuard({
    // On the two-factor clock, so tests step through a pause instead of waiting it out.
    counters: createAttemptCounters(setup.db, now),
    endChallenge: async (id) => {
      await repository.takeChallenge(id);
    },
    tellPaused: (userId, windowEndMs) =>
      repository.transaction((trx) =>
        setup.events.emit(trx, {
          type: 'second-factor-changed',
          at: new Date(now()).toISOString(),
          // Whoever guessed is not known: the change is the account's own.
          actorId: userId,
          actorLanguage: 'en',
          userId,
          change: 'codes-paused',
          onceKey: `2fa-paused:${userId}:${windowEndMs}`,
        }),
      ),
  });
  const twoFactor = createTwoFactorService({
    repository,
    codeGuard,
    events: setup.events,
    box: createSecretBox(() => loadTwoFactorKey(settings.twoFactor.key, settings.twoFactorKeyFile)),
    users: setup.users,
    audit: setup.audit,
    issueToken: setup.issueToken,
    throttle: setup.throttle,
    revocations: setup.revocations,
    config: settings.twoFactor,
    issuer: settings.twoFactorIssuer,
    now,
  });
  await app.register(named(twoFactorRoutes), { twoFactor, counters: setup.counters, rateLimitPerMinute: settings.authRateLimitPerMinute });
  return twoFactor;
}
