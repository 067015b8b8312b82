import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { named } from '../../../plugins/plugin-name.js';
import type { AuditService } from '../../audit/index.js';
import type { UsersService } from '../../users/index.js';
import type { AttemptCounters } from '../attempt-counters.js';
import type { LoginThrottle } from '../login-throttle.js';
import type { Revocations } from '../revocations.js';
import type { IssueToken } from '../token-issuer.js';
import { createTwoFactorRepository } from './repository.js';
import { twoFactorRoutes } from './routes.js';
import { createSecretBox, loadTwoFactorKey, twoFactorKeyFile } from './secret-box.js';
import { createTwoFactorService, type TwoFactorService } from './service.js';

export type { LoginAnswer, TwoFactorService } from './service.js';

export interface TwoFactorSetup {
  db: Db;
  config: Config;
  users: UsersService;
  audit: AuditService;
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
  const { config } = setup;
  const keyFile = twoFactorKeyFile(config.twoFactor, config.audit);
  const twoFactor = createTwoFactorService({
    repository: createTwoFactorRepository(setup.db),
    box: createSecretBox(() => loadTwoFactorKey(config.twoFactor.key, keyFile)),
    users: setup.users,
    audit: setup.audit,
    issueToken: setup.issueToken,
    throttle: setup.throttle,
    revocations: setup.revocations,
    config: config.twoFactor,
    issuer: config.receipts.officeName,
    now: setup.now ?? Date.now,
  });
  await app.register(named(twoFactorRoutes), { twoFactor, counters: setup.counters, rateLimitPerMinute: config.authRateLimitPerMinute });
  return twoFactor;
}
