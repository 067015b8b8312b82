import { STAFF_TWO_FACTOR_MODES, type StaffTwoFactorMode } from '@portal/contract';
import { z } from 'zod';
import { blankAsUndefined, defineSlice, optionalText, wholeNumber } from '../../config-kit.js';
import { fromRepoRoot } from '../../paths.js';

/** The login throttling rule (LOGIN_*; enforced by login-throttle.ts, stated in the README's "Security" section). */
export interface LoginThrottleRule {
  /** Password checks one client address may make for one username per window. */
  perUserAndAddress: number;
  /**
   * Login attempts one client address may make per window, for any usernames (successes given
   * back). Beyond it the address is not refused as a whole (an office behind one NAT shares it):
   * a username that already failed from the address in the window is refused there, and every
   * other attempt from it waits delayBaseMs, doubling per attempt up to delayMaxMs.
   */
  perAddress: number;
  windowMinutes: number;
  /**
   * Across all addresses, once a username had more than `perUserAndAddress` attempts in the window,
   * each further attempt waits delayBaseMs, doubling per attempt up to delayMaxMs, before its
   * password is checked: slower, never locked, so the owner on an address that has not failed
   * still gets in.
   */
  delayBaseMs: number;
  delayMaxMs: number;
}

/** Two-factor sign-in (two-factor/; README "Security"). */
export interface TwoFactorConfig {
  /** STAFF_2FA; default `required` in production, `optional` otherwise. */
  staffMode: StaffTwoFactorMode;
  /** TWO_FACTOR_KEY (at least 32 characters), or null: the key file, generated (mode 0600) on first use. */
  key: string | null;
  /** TWO_FACTOR_KEY_FILE; null: `<audit keys dir>/<db>.two-factor.key`, beside the audit key (config.ts resolves it). */
  keyFile: string | null;
  /** The WebAuthn relying party: WEBAUTHN_RP_ID, default PUBLIC_URL's host name. */
  rpId: string;
  /** Pages passkeys may be used from: PUBLIC_URL's origin and CORS_ORIGINS. */
  origins: string[];
}

export interface AuthConfig {
  authRateLimitPerMinute: number;
  loginThrottle: LoginThrottleRule;
  twoFactor: TwoFactorConfig;
}

/** What the auth slice takes from the server's own settings. */
export interface AuthContext {
  production: boolean;
  /** PUBLIC_URL as the mail slice read it (the address passkeys are used at). */
  publicUrl: string;
  corsOrigins: string[];
}

const TWO_FACTOR_KEY_MIN_LENGTH = 32;

export const authSlice = defineSlice({
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000),
  LOGIN_LOCK_THRESHOLD: wholeNumber(1, 1_000),
  LOGIN_LOCK_MINUTES: wholeNumber(1, 24 * 60),
  LOGIN_ADDRESS_LIMIT: wholeNumber(1, 1_000_000),
  LOGIN_DELAY_MAX_SECONDS: wholeNumber(1, 60),
  STAFF_2FA: z.preprocess(blankAsUndefined, z.enum(STAFF_TWO_FACTOR_MODES).optional()),
  TWO_FACTOR_KEY: optionalText,
  TWO_FACTOR_KEY_FILE: optionalText,
  WEBAUTHN_RP_ID: optionalText,
})((env, context: AuthContext, problems): AuthConfig => {
  const delayMaxMs = (env.LOGIN_DELAY_MAX_SECONDS ?? 8) * 1000;
  const key = env.TWO_FACTOR_KEY ?? null;
  if (key !== null && key.length < TWO_FACTOR_KEY_MIN_LENGTH) {
    problems.push(`TWO_FACTOR_KEY must be at least ${TWO_FACTOR_KEY_MIN_LENGTH} characters (or unset: a random one is generated into a file)`);
  }
  const publicOrigin = URL.canParse(context.publicUrl) ? new URL(context.publicUrl) : new URL('http://localhost');
  return {
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE ?? 60,
    loginThrottle: {
      perUserAndAddress: env.LOGIN_LOCK_THRESHOLD ?? 5,
      windowMinutes: env.LOGIN_LOCK_MINUTES ?? 15,
      perAddress: env.LOGIN_ADDRESS_LIMIT ?? 50,
      delayBaseMs: Math.min(1_000, delayMaxMs),
      delayMaxMs,
    },
    twoFactor: {
      staffMode: env.STAFF_2FA ?? (context.production ? 'required' : 'optional'),
      key,
      keyFile: env.TWO_FACTOR_KEY_FILE ? fromRepoRoot(env.TWO_FACTOR_KEY_FILE) : null,
      rpId: env.WEBAUTHN_RP_ID ?? publicOrigin.hostname,
      origins: [...new Set([publicOrigin.origin, ...context.corsOrigins])],
    },
  };
});

/** What the auth module's setup is given: its slice, plus the two-factor key's file and issuer the composition derives. */
export type AuthSettings = AuthConfig & {
  /** The two-factor key's file: TWO_FACTOR_KEY_FILE, else beside the audit key. */
  twoFactorKeyFile: string;
  /** The issuer an authenticator app shows: the office named on receipts. */
  twoFactorIssuer: string;
};
