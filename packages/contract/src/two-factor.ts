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
/** Wrong codes one sign-in challenge takes before it ends (the person signs in again). */
export const SECOND_FACTOR_TRIES_PER_CHALLENGE = 3;
/**
 * Wrong codes an account takes within SECOND_FACTOR_PAUSE_MINUTES, from all addresses together;
 * beyond them its code checks are refused until the window ends (a passkey still works).
 */
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 10;
export const SECOND_FACTOR_PAUSE_MINUTES = 60;

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
  challengeSpent: 'Too many wrong codes for this sign-in. Please sign in again.',
  codesPaused: `Too many wrong codes were entered for this account. Sign-in codes are refused for up to ${SECOND_FACTOR_PAUSE_MINUTES} minutes; a passkey still works.`,
  passkeyDuplicate: 'This passkey is already registered.',
} as const;

/**
 * What changed in a person's second factors. Each change sends its owner a portal entry and an
 * email (issue 34), so a session used by someone else cannot add or remove a factor unnoticed.
 */
export const SECOND_FACTOR_CHANGES = ['totp-added', 'passkey-added', 'recovery-codes-renewed', 'turned-off', 'reset-by-admin', 'codes-paused'] as const;
export type SecondFactorChange = (typeof SECOND_FACTOR_CHANGES)[number];


export const TOTP_SHAPE = /^\d{6}$/;

/** True for six digits (a TOTP code); otherwise the code is a recovery code. */
export const isTotpCode = (code: string): boolean => TOTP_SHAPE.test(code);

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
