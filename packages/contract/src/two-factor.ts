import { z } from 'zod/mini';
import { PASSWORD_MAX } from './auth.js';
import { stopWhenLonger } from './fields.js';
import type { PolishTexts } from './polish.js';

// Two-factor sign-in (issue 21, section 1): a TOTP app (RFC 6238), passkeys (WebAuthn) and
// one-use recovery codes. POST /login answers the spec's `tokenJWT` for an account without a
// second factor; for one with a second factor it answers a short-lived challenge that
// POST /login/second-factor (a code) or POST /login/passkey (a passkey) exchanges for the token.

/** STAFF_2FA: `required` makes staff enrol before any staff screen or route; `optional` offers it. */
export const STAFF_TWO_FACTOR_MODES = ['required', 'optional'] as const;
export type StaffTwoFactorMode = (typeof STAFF_TWO_FACTOR_MODES)[number];

/** Digits of a TOTP code; seconds of one step (what every authenticator app uses). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment (and on each regeneration); each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 10 characters of Crockford base32 in two groups, e.g. `7KQ2M-X9D4T`. */
export const RECOVERY_CODE_LENGTH = 10;
/** How long the challenge of POST /login may be exchanged for a token. */
export const LOGIN_CHALLENGE_SECONDS = 300;
/** A passkey's name as the person gives it. */
export const PASSKEY_NAME_MAX = 60;

export const twoFactorMessages = {
  codeRequired: 'Enter the code.',
  codeShape: 'Enter the 6 digits from your app or a recovery code like 7KQ2M-X9D4T.',
  totpShape: 'Enter the 6 digits your app shows.',
  codeWrong: 'That code is not right. Check the time on your phone and try again.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  enrolFirst: 'Set up two-factor sign-in before you continue.',
  noSetupStarted: 'Start the set-up again: it has expired or was never started.',
  alreadyOn: 'Two-factor sign-in is already on for this account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  requiredForStaff: 'Staff accounts must keep two-factor sign-in on.',
  passkeyRefused: 'That passkey could not be checked. Try again, or use a code.',
  passkeyUnknown: 'This passkey is not registered here.',
  resetOnlyOthers: 'Use your own set-up page to change your second factor.',
  nameTooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX} characters.`,
  passwordToConfirm: 'Enter your password to confirm.',
  passwordWrong: 'That password is not right.',
} as const;

export const twoFactorMessagesPl: PolishTexts<typeof twoFactorMessages> = {
  codeRequired: 'Wpisz kod.',
  codeShape: 'Wpisz 6 cyfr z aplikacji albo kod zapasowy w rodzaju 7KQ2M-X9D4T.',
  totpShape: 'Wpisz 6 cyfr, które pokazuje aplikacja.',
  codeWrong: 'Ten kod jest nieprawidłowy. Sprawdź godzinę w telefonie i spróbuj ponownie.',
  challengeExpired: 'Logowanie trwało zbyt długo. Zaloguj się ponownie.',
  enrolFirst: 'Zanim przejdziesz dalej, włącz logowanie dwuetapowe.',
  noSetupStarted: 'Zacznij konfigurację od nowa: wygasła albo nie została rozpoczęta.',
  alreadyOn: 'Logowanie dwuetapowe jest już włączone dla tego konta.',
  notOn: 'Logowanie dwuetapowe nie jest włączone dla tego konta.',
  requiredForStaff: 'Konta pracowników muszą mieć włączone logowanie dwuetapowe.',
  passkeyRefused: 'Nie udało się sprawdzić klucza dostępu. Spróbuj ponownie albo użyj kodu.',
  passkeyUnknown: 'Ten klucz dostępu nie jest tu zarejestrowany.',
  resetOnlyOthers: 'Własny drugi składnik zmienisz na stronie konfiguracji.',
  nameTooLong: `Nazwa klucza dostępu może mieć najwyżej ${PASSKEY_NAME_MAX} znaków.`,
  passwordToConfirm: 'Wpisz swoje hasło, aby potwierdzić.',
  passwordWrong: 'To hasło jest nieprawidłowe.',
};

const TOTP_SHAPE = /^\d{6}$/;
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

/** True for six digits (a TOTP code); otherwise the code is a recovery code. */
export const isTotpCode = (code: string): boolean => TOTP_SHAPE.test(code);

/** The opaque challenge POST /login answers (random, base64url). */
const challengeField = z.string().check(z.minLength(16), z.maxLength(100, { abort: true }), z.regex(/^[A-Za-z0-9_-]+$/));

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

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
 * DELETE /api/two-factor: the person's password again, so a session left open (or stolen) cannot
 * take the second factor away on its own.
 */
export const twoFactorOffRequest = z.object({
  password: z
    .string({ error: twoFactorMessages.passwordToConfirm })
    .check(z.maxLength(PASSWORD_MAX, stopWhenLonger(twoFactorMessages.passwordWrong)), z.minLength(1, twoFactorMessages.passwordToConfirm)),
});
export type TwoFactorOffRequest = z.infer<typeof twoFactorOffRequest>;

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
