import { z } from 'zod/mini';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN, usernameProblem } from './auth.js';
import { stopWhenLonger } from './fields.js';
import { requiredText } from './fields-schemas.js';
import { EMAIL_MAX, EMAIL_SHAPE, USERNAME_MAX } from './users.js';
import { dateOfBirthField, emailField, firstNameField, lastNameField, phoneField } from './users-schemas.js';

// The auth domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in auth.ts, which the web's texts import without building these.

const m = authMessages;

/**
 * A new username (registration, employee registration, the first admin): refused with a field
 * message when blank, padded, containing spaces, invisible or bidi characters or broken UTF-16,
 * or too long; stored in Unicode NFKC form (full-width `ａｄｍｉｎ` is `admin`). Look-alikes of
 * existing usernames are refused by the server (users.username_skeleton).
 */
export const usernameField = z.string({ error: m.usernameRequired }).check(
  z.superRefine((value: string, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  z.overwrite((value) => value.normalize('NFKC')),
);

/**
 * The username typed at login: only the spec's rules, so the form never hints at how accounts
 * are named; NFKC like a stored username, so the same text finds the same account.
 */
export const loginUsernameField = requiredText(m.usernameRequired).check(
  z.maxLength(USERNAME_MAX, stopWhenLonger(m.usernameTooLong)),
  z.overwrite((value) => value.normalize('NFKC')),
);

export const passwordField = requiredText(m.passwordRequired).check(
  z.minLength(PASSWORD_MIN, m.passwordTooShort),
  z.maxLength(PASSWORD_MAX, stopWhenLonger(m.passwordTooLong)),
  z.refine((value: string) => /\p{L}/u.test(value) && /\d/.test(value), m.passwordLettersAndDigits),
);

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
  email: z
    .string({ error: m.resetEmailRequired })
    .check(z.trim(), z.maxLength(EMAIL_MAX, stopWhenLonger(m.resetEmailRequired)), z.regex(EMAIL_SHAPE, m.resetEmailRequired)),
});
export type ResetRequest = z.infer<typeof resetRequest>;
