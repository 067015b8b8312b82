import { z } from 'zod/mini';
import { INVISIBLE_CHARACTER, LONE_SURROGATE, pastOrTodayDate, requiredText, stopWhenLonger } from './fields.js';

// People: roles, personal data and how a person is shown (spec sections 1, 5 and 9).

export const ROLES = ['USER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** The longest username (spec section 5); the auth domain's rules and the user search both use it. */
export const USERNAME_MAX = 20;
export const NAME_MAX = 30;
export const PHONE_DIGITS = 9;
/** RFC 5321 path limit; the spec only asks for a simple shape, the database needs a bound. */
export const EMAIL_MAX = 254;

/** Exact texts of spec section 5 for a person's data (the registration form shows them). */
export const userMessages = {
  firstNameRequired: 'First name is required',
  /** Spec: 'First name cannot exceed 30 characters'. */
  firstNameTooLong: `First name cannot exceed ${NAME_MAX} characters`,
  lastNameRequired: 'Last name is required',
  /** Spec: 'Last name cannot exceed 30 characters'. */
  lastNameTooLong: `Last name cannot exceed ${NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  /** Spec: 'Phone number must be 9 digits'. */
  phoneInvalid: `Phone number must be ${PHONE_DIGITS} digits`,
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthInvalid: 'Date of birth must be a valid date',
} as const;

/** Server refusals about accounts the spec does not word. */
export const userApiMessages = {
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already registered.',
} as const;

/**
 * Something@domain with a dot inside the domain (not its first or last character). Shared with the
 * Reset tab, whose own "required" text is the auth domain's. Written so that every character has
 * one place to go (the domain's first dot after its first character is matched by the only `\.`
 * that can take it): it runs in linear time, where `[^\s@]+\.[^\s@]+` backtracked quadratically
 * on `a@` followed by many dots (test/patterns-redos.test.ts checks every pattern).
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const PHONE_SHAPE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const m = userMessages;

/** Trimmed, NFKC and lower-cased, so one mailbox is one address however it was typed. */
export const emailField = requiredText(m.emailRequired, { trim: true }).check(
  z.overwrite((value) => value.normalize('NFKC').toLowerCase()),
  z.maxLength(EMAIL_MAX, stopWhenLonger(m.emailInvalid)),
  z.regex(EMAIL_SHAPE, m.emailInvalid),
  z.refine((value: string) => !LONE_SURROGATE.test(value) && !INVISIBLE_CHARACTER.test(value), m.emailInvalid),
);

export const phoneField = requiredText(m.phoneRequired, { trim: true }).check(
  z.maxLength(PHONE_DIGITS, stopWhenLonger(m.phoneInvalid)),
  z.regex(PHONE_SHAPE, m.phoneInvalid),
);

export const firstNameField = requiredText(m.firstNameRequired, { trim: true }).check(z.maxLength(NAME_MAX, m.firstNameTooLong));
export const lastNameField = requiredText(m.lastNameRequired, { trim: true }).check(z.maxLength(NAME_MAX, m.lastNameTooLong));

export const dateOfBirthField = pastOrTodayDate({
  required: m.dateOfBirthRequired,
  invalid: m.dateOfBirthInvalid,
  future: m.dateOfBirthFuture,
});

/** GET /api/users/me and the rows of GET /api/users. */
export const userResponse = z.object({
  id: z.int(),
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
/** The full records: only the admin's employee list (GET /api/users/employees) answers these. */
export const userListResponse = z.array(userResponse);

/**
 * A row of GET /api/users: what the staff screens read (Create Obligations names and picks a user,
 * the Audit Log's staff filter tells staff from citizens by the role), and no personal data: the
 * email, phone and date of birth stay with the owner (/api/users/me) and the admin's employee list.
 */
export const userSummary = z.pick(userResponse, { id: true, username: true, firstName: true, lastName: true, role: true });
export type UserSummary = z.infer<typeof userSummary>;
export const userSummaryListResponse = z.array(userSummary);

/**
 * A person's display name, "First Last": the one place it is built (a chat sender, a welcome line,
 * a heading), so every screen and every API answer names a person the same way.
 */
export function fullName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return `${firstName} ${lastName}`;
}

/** Rows per page of a user search; the spec's bare GET /api/users still answers everyone. */
export const USER_PAGE_DEFAULT = 50;
export const USER_PAGE_MAX = 100;
/** Search texts longer than a username cannot match one. */
const USER_SEARCH_TEXT_MAX = USERNAME_MAX;

/**
 * GET /api/users query. Without any of these the answer is the spec's: every user the caller may
 * find (an employee: citizens only; an admin: every account). With any of
 * them it is one page (`limit`, default 50, at most 100) in username order (ignoring case):
 * `q` a case-insensitive substring of the username, `prefix` a case-insensitive start of it,
 * `role` one role; `after` continues after the lower-cased username that ended the last page.
 */
export const listUsersQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(USER_SEARCH_TEXT_MAX))),
  prefix: z.optional(z.string().check(z.trim(), z.maxLength(USER_SEARCH_TEXT_MAX))),
  role: z.optional(z.enum(ROLES)),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(USER_PAGE_MAX))),
  after: z.optional(z.string().check(z.maxLength(USER_SEARCH_TEXT_MAX * 4))),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

/** GET /api/users/labels: the distinct labels (first two letters of usernames, upper case), sorted. */
export const userLabelsQuery = z.object({ role: z.optional(z.enum(ROLES)) });
export const userLabelsResponse = z.array(z.string());
