import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_DIGITS,
  USERNAME_MAX,
} from './constants.js';
import { ROLES } from './enums.js';
import { pastOrTodayDate, requiredText } from './fields.js';
import { authMessages as m } from './messages.js';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

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

/**
 * Characters that show nothing or change how text around them is shown: controls, format
 * characters (zero-width spaces and joiners, bidi overrides like U+202E), every Unicode
 * default-ignorable code point (Hangul fillers, variation selectors...), line and paragraph
 * separators, private-use and unassigned code points, and the blank braille pattern.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Half of a UTF-16 pair without the other half: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The first rule `raw` breaks, as the message to show under the field; undefined when it is fine. */
export function usernameProblem(raw: string): string | undefined {
  if (raw.trim() === '') return m.usernameRequired;
  if (LONE_SURROGATE.test(raw)) return usernameMessages.invalidText;
  if (INVISIBLE.test(raw)) return usernameMessages.invisible;
  if (/^\s|\s$/u.test(raw)) return usernameMessages.surroundingSpace;
  const normalized = raw.normalize('NFKC');
  if (/\s/u.test(normalized)) return usernameMessages.spaces;
  if (normalized.length > USERNAME_MAX) return m.usernameTooLong;
  return undefined;
}

/**
 * A new username (registration, employee registration, the first admin): refused with a field
 * message when blank, padded, containing spaces, invisible or bidi characters or broken UTF-16,
 * or too long; stored in Unicode NFKC form (full-width `ａｄｍｉｎ` is `admin`). Look-alikes of
 * existing usernames are refused by the server (users.username_skeleton).
 */
export const usernameField = z
  .string({ error: m.usernameRequired })
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .overwrite((value) => value.normalize('NFKC'));

/**
 * The username typed at login: only the spec's rules, so the form never hints at how accounts
 * are named; NFKC like a stored username, so the same text finds the same account.
 */
export const loginUsernameField = requiredText(m.usernameRequired)
  .max(USERNAME_MAX, m.usernameTooLong)
  .overwrite((value) => value.normalize('NFKC'));

export const passwordField = requiredText(m.passwordRequired)
  .min(PASSWORD_MIN, m.passwordTooShort)
  .max(PASSWORD_MAX, m.passwordTooLong)
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), m.passwordLettersAndDigits);

/** Trimmed, NFKC and lower-cased, so one mailbox is one address however it was typed. */
export const emailField = requiredText(m.emailRequired, { trim: true })
  .overwrite((value) => value.normalize('NFKC').toLowerCase())
  .max(EMAIL_MAX, m.emailInvalid)
  .regex(EMAIL_SHAPE, m.emailInvalid)
  .refine((value) => !LONE_SURROGATE.test(value) && !INVISIBLE.test(value), m.emailInvalid);

export const phoneField = requiredText(m.phoneRequired, { trim: true }).regex(PHONE_SHAPE, m.phoneInvalid);

export const firstNameField = requiredText(m.firstNameRequired, { trim: true }).max(NAME_MAX, m.firstNameTooLong);
export const lastNameField = requiredText(m.lastNameRequired, { trim: true }).max(NAME_MAX, m.lastNameTooLong);

export const dateOfBirthField = pastOrTodayDate({
  required: m.dateOfBirthRequired,
  invalid: m.dateOfBirthInvalid,
  future: m.dateOfBirthFuture,
});

/** POST /login */
export const loginRequest = z.object({ username: loginUsernameField, password: passwordField });
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /register */
export const registerRequest = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
  firstName: firstNameField,
  lastName: lastNameField,
  phoneNumber: phoneField,
  dateOfBirth: dateOfBirthField,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Answer of POST /login and POST /register. */
export const tokenResponse = z.object({ tokenJWT: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** The Reset tab: validated on the client only; the spec makes no server call. */
export const resetRequest = z.object({
  email: z.string({ error: m.resetEmailRequired }).trim().regex(EMAIL_SHAPE, m.resetEmailRequired),
});
export type ResetRequest = z.infer<typeof resetRequest>;

/** GET /api/users/me and the rows of GET /api/users. */
export const userResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  phoneNumber: z.string(),
  dateOfBirth: z.string(),
  enabled: z.boolean(),
});
export type UserResponse = z.infer<typeof userResponse>;
export const userListResponse = z.array(userResponse);
