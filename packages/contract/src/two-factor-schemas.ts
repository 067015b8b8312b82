import { z } from 'zod/mini';
import { PASSWORD_MAX } from './auth.js';
import { stopWhenLonger } from './fields.js';
import { PASSKEY_NAME_MAX, SECOND_FACTOR_METHODS, TOTP_SHAPE, twoFactorMessages } from './two-factor.js';

// The two-factor domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in two-factor.ts, which the web's texts import without building these.

/** Crockford base32 without I, L, O, U; a dash between the halves is optional, case ignored. */
const RECOVERY_SHAPE = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/;

/** A code as typed: spaces dropped, upper-cased; then six digits or a recovery code. */
export const secondFactorCodeField = z
  .pipe(
    z.string({ error: twoFactorMessages.codeRequired }).check(z.maxLength(40, stopWhenLonger(twoFactorMessages.codeShape))),
    z.transform((value: string) => value.replace(/\s+/g, '').toUpperCase()),
  )
  .check(
    z.refine((value) => value !== '', twoFactorMessages.codeRequired),
    z.refine((value) => TOTP_SHAPE.test(value) || RECOVERY_SHAPE.test(value), twoFactorMessages.codeShape),
  );

export const totpCodeField = z
  .pipe(
    z.string({ error: twoFactorMessages.codeRequired }).check(z.maxLength(40, stopWhenLonger(twoFactorMessages.totpShape))),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  )
  .check(
    z.refine((value) => value !== '', twoFactorMessages.codeRequired),
    z.refine((value) => TOTP_SHAPE.test(value), twoFactorMessages.totpShape),
  );

/** The opaque challenge POST /login answers (random, base64url). */
const challengeField = z.string().check(z.minLength(16), z.maxLength(100, { abort: true }), z.regex(/^[A-Za-z0-9_-]+$/));

/** POST /login for an account with a second factor. */
export const loginChallengeResponse = z.object({
  secondFactor: z.object({
    challenge: z.string(),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    expiresInSeconds: z.int(),
  }),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponse>;

/** POST /login/second-factor */
export const secondFactorLoginRequest = z.object({ challenge: challengeField, code: secondFactorCodeField });
export type SecondFactorLoginRequest = z.infer<typeof secondFactorLoginRequest>;

/** A WebAuthn credential as @simplewebauthn/browser hands it over (checked in depth by the server library). */
const base64url = z.string().check(z.maxLength(16_384, { abort: true }), z.regex(/^[A-Za-z0-9_-]*$/));
export const passkeyCredentialJson = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyCredentialJson = z.infer<typeof passkeyCredentialJson>;

/** Answer of every "options" route: the WebAuthn options and the id that the next call names. */
export const passkeyOptionsResponse = z.object({
  ceremony: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

/** POST /login/passkey/options: `challenge` from POST /login for a second step; none for a passwordless sign-in. */
export const passkeyLoginOptionsRequest = z.object({ challenge: z.optional(challengeField) });
/** POST /login/passkey */
export const passkeyLoginRequest = z.object({ ceremony: challengeField, credential: passkeyCredentialJson });
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequest>;

/** GET /api/two-factor: the caller's own set-up (never a secret). */
export const twoFactorStatusResponse = z.object({
  totp: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.nullable(z.string()) })),
  recoveryCodesLeft: z.int(),
  /** STAFF_2FA=required and this is a staff account. */
  required: z.boolean(),
  /** This session may only set up a second factor (a staff sign-in under `required` without one). */
  enrolmentPending: z.boolean(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>;

/** POST /api/two-factor/totp/setup: what the person copies into their app (shown once per set-up). */
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /api/two-factor/totp/confirm */
export const totpConfirmRequest = z.object({ code: totpCodeField });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequest>;

/**
 * The person's password again, so a session left open (or stolen) cannot add or take away a
 * second factor on its own: DELETE /api/two-factor, POST /api/two-factor/totp/setup,
 * POST /api/two-factor/passkeys/options and POST /api/two-factor/recovery-codes (issue 34).
 */
export const passwordAgainRequest = z.object({
  password: z
    .string({ error: twoFactorMessages.passwordToConfirm })
    .check(z.maxLength(PASSWORD_MAX, stopWhenLonger(twoFactorMessages.passwordWrong)), z.minLength(1, twoFactorMessages.passwordToConfirm)),
});
export type PasswordAgainRequest = z.infer<typeof passwordAgainRequest>;

/** DELETE /api/two-factor */
export const twoFactorOffRequest = passwordAgainRequest;
export type TwoFactorOffRequest = PasswordAgainRequest;

/**
 * Answer of a set-up that turned two-factor sign-in on: the recovery codes (shown this once) and,
 * when the session could only enrol, the full token that replaces it.
 */
export const twoFactorEnabledResponse = z.object({
  recoveryCodes: z.nullable(z.array(z.string())),
  tokenJWT: z.optional(z.string()),
});
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponse>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/two-factor/passkeys */
export const passkeyRegisterRequest = z.object({
  ceremony: challengeField,
  credential: passkeyCredentialJson,
  name: z.optional(z.string().check(z.trim(), z.maxLength(PASSKEY_NAME_MAX, twoFactorMessages.nameTooLong))),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequest>;
