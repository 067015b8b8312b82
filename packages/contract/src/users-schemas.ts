import { z } from 'zod/mini';
import { INVISIBLE_CHARACTER, LONE_SURROGATE, stopWhenLonger } from './fields.js';
import { pastOrTodayDate, requiredText, singleLineText } from './fields-schemas.js';
import { EMAIL_MAX, EMAIL_SHAPE, NAME_MAX, PHONE_DIGITS, PHONE_SHAPE, phoneDigitsAsTyped, ROLES, USER_PAGE_MAX, userMessages, USERNAME_MAX } from './users.js';

// The users domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in users.ts, which the web's texts import without building these.

const m = userMessages;

// The field builders below are marked pure: a screen that imports only an answer's schema (the
// header's userResponse) leaves them out of its first download.

/** Trimmed, NFKC and lower-cased, so one mailbox is one address however it was typed. */
export const emailField = /* @__PURE__ */ requiredText(m.emailRequired, { trim: true }).check(
  z.overwrite((value) => value.normalize('NFKC').toLowerCase()),
  z.maxLength(EMAIL_MAX, stopWhenLonger(m.emailInvalid)),
  z.regex(EMAIL_SHAPE, m.emailInvalid),
  z.refine((value: string) => !LONE_SURROGATE.test(value) && !INVISIBLE_CHARACTER.test(value), m.emailInvalid),
);

/**
 * A phone number as typed, stored as the spec's nine digits: spaces, hyphens and a +48 prefix are
 * taken away first (phoneDigitsAsTyped), then the spec's rule and message apply to what is left.
 */
export function phoneNumberField(requiredMessage: string) {
  return requiredText(requiredMessage, { trim: true }).check(
    z.overwrite(phoneDigitsAsTyped),
    z.maxLength(PHONE_DIGITS, stopWhenLonger(m.phoneInvalid)),
    z.regex(PHONE_SHAPE, m.phoneInvalid),
  );
}

export const phoneField = /* @__PURE__ */ phoneNumberField(m.phoneRequired);

export const firstNameField = /* @__PURE__ */ singleLineText(NAME_MAX, { required: m.firstNameRequired, tooLong: m.firstNameTooLong });
export const lastNameField = /* @__PURE__ */ singleLineText(NAME_MAX, { required: m.lastNameRequired, tooLong: m.lastNameTooLong });

export const dateOfBirthField = /* @__PURE__ */ pastOrTodayDate({
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
