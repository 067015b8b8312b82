import { defineModule } from '../../app-module.js';
import type { AuthSettings } from './config.js';
import type { PasswordVerifier } from '../../plugins/auth/index.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuthPort } from '../../ports/auth.js';
import type { AuditPort } from '../../ports/audit.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import type { SessionsPort } from '../../ports/sessions.js';
import type { UsersPort } from '../../ports/users.js';
import { createAttemptCounters } from './attempt-counters.js';
import { startAuthHousekeeping } from './housekeeping.js';
import { createLoginThrottle } from './login-throttle.js';
import { perAddressRateLimit } from './rate-limit.js';
import { registerAuthPersonalData } from './personal-data.js';
import { createTokenIssuer } from './token-issuer.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';
import { registerPasswords } from './password/index.js';
import { registerTwoFactor } from './two-factor/index.js';

export interface AuthModuleOptions {
  /** How logins check passwords (tests count the checks with a spy); default argon2id. */
  passwords?: PasswordVerifier;
  /** How the login throttle waits out its slow-down; default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** The two-factor clock: TOTP steps and challenge expiry (tests step it); default Date.now. */
  twoFactorNow?: () => number;
  /** The password-reset links' clock (tests step past their 30 minutes); default Date.now. */
  passwordResetNow?: () => number;
}

/** What the server and other modules ask of this module (ports/auth.ts). */
export type AuthModuleService = AuthPort;

/**
 * POST /login, POST /register, POST /logout and POST /api/ws/ticket, with the login throttling,
 * the per-address rate limit and the revocations they keep in the database (README "Security").
 * Its routes sign tokens, so they are built once the auth plugin is; its service redeems tickets.
 */
export const authModule = (options: AuthModuleOptions = {}) =>
  defineModule<{ users: UsersPort; audit: AuditPort; sessions: SessionsPort; notifications: NotificationsPort }, AuthSettings>()({
    name: 'auth',
    setup: ({ settings, db, log, personalData, events }, { users, audit, sessions, notifications }) => ({
      service: {
        redeemTicket: sessions.revocations.redeem,
        hitCounter: createAttemptCounters(db).hit,
        refundCounter: createAttemptCounters(db).refund,
        publicRateLimit: (name) => perAddressRateLimit(createAttemptCounters(db), name, settings.authRateLimitPerMinute),
      } satisfies AuthPort,
      async register(app) {
        registerAuthPersonalData(personalData);
        const counters = createAttemptCounters(db);
        // revoked_tokens is the sessions module's: logout and two-factor changes end tokens through it.
        const revocations = sessions.revocations;
        const throttle = createLoginThrottle({ counters, rule: settings.loginThrottle, sleep: options.sleep });
        // Two-factor sign-in (issue 21) shares this throttle: a code attempt counts like a password.
        const issueToken = createTokenIssuer(app.auth.tokens, sessions);
        const twoFactor = await registerTwoFactor(app, { db, settings, users, audit, events, throttle, counters, revocations, issueToken, now: options.twoFactorNow });
        const auth = createAuthService({
          users,
          throttle,
          sessions,
          issueToken,
          passwords: options.passwords,
          secondFactor: twoFactor,
        });
        const stopHousekeeping = startAuthHousekeeping({ counters, revocations, log });
        app.addHook('onClose', (_instance, done) => {
          stopHousekeeping();
          done();
        });
        await app.register(named(authRoutes), { auth, counters, rateLimitPerMinute: settings.authRateLimitPerMinute });
        await registerPasswords(app, { db, users, events, throttle, counters, notifications, personalData, rateLimitPerMinute: settings.authRateLimitPerMinute, now: options.passwordResetNow });
      },
    }),
  });
