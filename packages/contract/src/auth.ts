import { INVISIBLE_CHARACTER, LONE_SURROGATE } from './fields.js';
import { userMessages, USERNAME_MAX } from './users.js';

// Signing in, registering and the session (spec sections 2, 5 and 9).

export const AUTH_COOKIE_NAME = 'auth_token';
/** One sixth of a day: both the cookie lifetime and the JWT validity. */
export const AUTH_TOKEN_LIFETIME_MINUTES = 240;
/** The pause before the page reloads after signing in or out. */
export const RELOAD_DELAY_MS = 100;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;

/**
 * Exact texts of spec sections 5 and 8 for the login, registration and reset forms. Registration
 * asks for a person's data too, so the users domain's texts are part of this set (one source each).
 */
export const authMessages = {
  usernameRequired: 'Username is required',
  /** Spec: 'Username cannot exceed 20 characters'. */
  usernameTooLong: `Username cannot exceed ${USERNAME_MAX} characters`,
  passwordRequired: 'Password is required',
  /** Spec: 'Password must be at least 8 characters long'. */
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  passwordLettersAndDigits: 'Password must include both letters and numbers',
  /** Spec: 'Password cannot exceed 50 characters'. */
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX} characters`,
  ...userMessages,
  resetEmailRequired: 'Email is required for password reset',
  /** Spec: 'Password reset link sent to {email}'. */
  resetLinkSent: (email: string) => `Password reset link sent to ${email}`,
  loginSuccess: 'Login success!',
} as const;

/** Server refusals about signing in the spec does not word. */
export const authApiMessages = {
  badCredentials: 'Invalid username or password.',
  accountDisabled: 'This account is disabled.',
  accountLocked: 'Too many failed logins for this username. Please try again later.',
} as const;

const m = authMessages;

/** Why a username is refused beyond the spec's two rules (issue 8: look-alike and blank usernames). */
export const usernameMessages = {
  surroundingSpace: 'Username cannot start or end with a space',
  spaces: 'Username cannot contain spaces',
  invisible: 'Username cannot contain control, invisible or text-direction characters',
  invalidText: 'Username contains a character that is not valid text',
  lookalike: 'This username looks too much like an existing one. Please choose another.',
} as const;

/** Server answers about sign-in and sessions that no form field shows. */
export const sessionMessages = {
  tooManyLoginsFromAddress: 'Too many failed logins from your network. Please try again later.',
  crossSiteRefused: 'This request came from another website and was refused.',
} as const;

const RAW_UNITS_PER_CHARACTER = 8;

/** The first rule `raw` breaks, as the message to show under the field; undefined when it is fine. */
export function usernameProblem(raw: string): string | undefined {
  // Bounded before any pattern runs. NFKC composes at most a few code units into one character
  // (Hangul jamo: three), so a raw text this long can never be a username of USERNAME_MAX.
  if (raw.length > USERNAME_MAX * RAW_UNITS_PER_CHARACTER) return m.usernameTooLong;
  if (raw.trim() === '') return m.usernameRequired;
  if (LONE_SURROGATE.test(raw)) return usernameMessages.invalidText;
  if (INVISIBLE_CHARACTER.test(raw)) return usernameMessages.invisible;
  if (/^\s|\s$/u.test(raw)) return usernameMessages.surroundingSpace;
  const normalized = raw.normalize('NFKC');
  if (/\s/u.test(normalized)) return usernameMessages.spaces;
  if (normalized.length > USERNAME_MAX) return m.usernameTooLong;
  return undefined;
}
