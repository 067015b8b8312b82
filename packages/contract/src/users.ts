import { z } from 'zod';
import { INVISIBLE_CHARACTER, LONE_SURROGATE, pastOrTodayDate, requiredText } from './fields.js';

// People: roles, personal data and how a person is shown (spec sections 1, 5 and 9).

export const ROLES = ['USER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const NAME_MAX = 30;
export const PHONE_DIGITS = 9;
/** RFC 5321 path limit; the spec only asks for a simple shape, the database needs a bound. */
export const EMAIL_MAX = 254;

/** Exact texts of spec section 5 for a person's data (the registration form shows them). */
export const userMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name cannot exceed 30 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name cannot exceed 30 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must be 9 digits',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthInvalid: 'Date of birth must be a valid date',
} as const;

/** Server refusals about accounts the spec does not word. */
export const userApiMessages = {
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already registered.',
} as const;

/** Shared with the Reset tab, whose own "required" text is the auth domain's. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const m = userMessages;

/** Trimmed, NFKC and lower-cased, so one mailbox is one address however it was typed. */
export const emailField = requiredText(m.emailRequired, { trim: true })
  .overwrite((value) => value.normalize('NFKC').toLowerCase())
  .max(EMAIL_MAX, m.emailInvalid)
  .regex(EMAIL_SHAPE, m.emailInvalid)
  .refine((value) => !LONE_SURROGATE.test(value) && !INVISIBLE_CHARACTER.test(value), m.emailInvalid);

export const phoneField = requiredText(m.phoneRequired, { trim: true }).regex(PHONE_SHAPE, m.phoneInvalid);

export const firstNameField = requiredText(m.firstNameRequired, { trim: true }).max(NAME_MAX, m.firstNameTooLong);
export const lastNameField = requiredText(m.lastNameRequired, { trim: true }).max(NAME_MAX, m.lastNameTooLong);

export const dateOfBirthField = pastOrTodayDate({
  required: m.dateOfBirthRequired,
  invalid: m.dateOfBirthInvalid,
  future: m.dateOfBirthFuture,
});

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

/**
 * A person's display name, "First Last": the one place it is built (a chat sender, a welcome line,
 * a heading), so every screen and every API answer names a person the same way.
 */
export function fullName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return `${firstName} ${lastName}`;
}
