import { defineModule } from '../../app-module.js';
import type { PasswordVerifier } from '../../plugins/auth/index.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import { type CounterHit, createAttemptCounters } from './attempt-counters.js';
import { startAuthHousekeeping } from './housekeeping.js';
import { createLoginThrottle } from './login-throttle.js';
import { createRevocations } from './revocations.js';
import { createTokenIssuer } from './token-issuer.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';
import { registerTwoFactor } from './two-factor/index.js';

export interface AuthModuleOptions {
  /** How logins check passwords (tests count the checks with a spy); default argon2id. */
  passwords?: PasswordVerifier;
  /** How the login throttle waits out its slow-down; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The two-factor clock: TOTP steps and challenge expiry (tests step it); default Date.now. */
  twoFactorNow?: () => number;
}

/** What the auth plugin needs from this module (server.ts hands it over). */
export interface AuthModuleService {
  /** A WebSocket ticket's first use: true; any later one: false (revoked_tokens). */
  redeemTicket(ticketId: string, expiresAtMs: number): Promise<boolean>;
  /** The database-backed attempt counter (every API process counts into one row): other modules' rate limits (issue 21: the data export). */
  hitCounter(key: string, windowMs: number): Promise<CounterHit>;
}

/**
 * POST /login, POST /register, POST /logout and POST /api/ws/ticket, with the login throttling,
 * the per-address rate limit and the revocations they keep in the database (README "Security").
 * Its routes sign tokens, so they are built once the auth plugin is; its service redeems tickets.
 */
export const authModule = (options: AuthModuleOptions = {}) =>
  defineModule<{ users: UsersService; audit: AuditService; sessions: SessionsService }>()({
    name: 'auth',
    setup: ({ config, db, log }, { users, audit, sessions }) => ({
      service: { redeemTicket: createRevocations(db).redeem, hitCounter: createAttemptCounters(db).hit } satisfies AuthModuleService,
      async register(app) {
        const counters = createAttemptCounters(db);
        const revocations = createRevocations(db);
        const throttle = createLoginThrottle({ counters, rule: config.loginThrottle, sleep: options.sleep });
        // Two-factor sign-in (issue 21) shares this throttle: a code attempt counts like a password.
        const issueToken = createTokenIssuer(app.auth.tokens, sessions);
        const twoFactor = await registerTwoFactor(app, { db, config, users, audit, throttle, counters, revocations, issueToken, now: options.twoFactorNow });
        const auth = createAuthService({
          users,
          throttle,
          revocations,
          issueToken,
          passwords: options.passwords,
          secondFactor: twoFactor,
        });
        const stopHousekeeping = startAuthHousekeeping({ counters, revocations, log });
        app.addHook('onClose', (_instance, done) => {
          stopHousekeeping();
          done();
        });
        await app.register(named(authRoutes), { auth, counters, rateLimitPerMinute: config.authRateLimitPerMinute });
      },
    }),
  });
