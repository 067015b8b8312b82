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

export const usernameField = requiredText(m.usernameRequired).max(USERNAME_MAX, m.usernameTooLong);

export const passwordField = requiredText(m.passwordRequired)
  .min(PASSWORD_MIN, m.passwordTooShort)
  .max(PASSWORD_MAX, m.passwordTooLong)
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), m.passwordLettersAndDigits);

export const emailField = requiredText(m.emailRequired, { trim: true })
  .max(EMAIL_MAX, m.emailInvalid)
  .regex(EMAIL_SHAPE, m.emailInvalid);

export const phoneField = requiredText(m.phoneRequired, { trim: true }).regex(PHONE_SHAPE, m.phoneInvalid);

export const firstNameField = requiredText(m.firstNameRequired, { trim: true }).max(NAME_MAX, m.firstNameTooLong);
export const lastNameField = requiredText(m.lastNameRequired, { trim: true }).max(NAME_MAX, m.lastNameTooLong);

export const dateOfBirthField = pastOrTodayDate({
  required: m.dateOfBirthRequired,
  invalid: m.dateOfBirthInvalid,
  future: m.dateOfBirthFuture,
});

/** POST /login */
export const loginRequest = z.object({ username: usernameField, password: passwordField });
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
