import { defineModule } from '../../app-module.js';
import type { PasswordVerifier } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/index.js';
import type { UsersService } from '../users/index.js';
import { createAttemptCounters } from './attempt-counters.js';
import { startAuthHousekeeping } from './housekeeping.js';
import { createLoginThrottle } from './login-throttle.js';
import { createRevocations } from './revocations.js';
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
}

/**
 * POST /login, POST /register, POST /logout and POST /api/ws/ticket, with the login throttling,
 * the per-address rate limit and the revocations they keep in the database (README "Security").
 * Its routes sign tokens, so they are built once the auth plugin is; its service redeems tickets.
 */
export const authModule = (options: AuthModuleOptions = {}) =>
  defineModule<{ users: UsersService; audit: AuditService }>()({
    name: 'auth',
    setup: ({ config, db, log }, { users, audit }) => ({
      service: { redeemTicket: createRevocations(db).redeem } satisfies AuthModuleService,
      async register(app) {
        const counters = createAttemptCounters(db);
        const revocations = createRevocations(db);
        const throttle = createLoginThrottle({ counters, rule: config.loginThrottle, sleep: options.sleep });
        // Two-factor sign-in (issue 21) shares this throttle: a code attempt counts like a password.
        const twoFactor = await registerTwoFactor(app, { db, config, users, audit, throttle, counters, revocations, now: options.twoFactorNow });
        const auth = createAuthService({
          users,
          tokens: app.auth.tokens,
          throttle,
          revocations,
          passwords: options.passwords,
          secondFactor: twoFactor,
        });
        const stopHousekeeping = startAuthHousekeeping({ counters, revocations, log });
        app.addHook('onClose', (_instance, done) => {
          stopHousekeeping();
          done();
        });
        await app.register(authRoutes, { auth, counters, rateLimitPerMinute: config.authRateLimitPerMinute });
      },
    }),
  });
