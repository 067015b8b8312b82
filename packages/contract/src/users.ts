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

/** The country code a Polish number may be typed with ("+48 501 234 567"). */
const POLISH_COUNTRY_CODE = '+48';
/** What people put between a phone number's digit groups: spaces (also no-break ones) and hyphens. */
const PHONE_GROUP_SEPARATORS = /* @__PURE__ */ new Set([' ', '\u00a0', '\u202f', '\t', '-']);

/**
 * A phone number as people type it ("501 234 567", "501-234-567", "+48 501 234 567") with its group
 * separators and a +48 prefix taken away (issue 35); the spec's rule (PHONE_SHAPE) and its message
 * then judge what is left, which is what is stored.
 */
export function phoneDigitsAsTyped(typed: string): string {
  let digits = '';
  for (const character of typed) if (!PHONE_GROUP_SEPARATORS.has(character)) digits += character;
  return digits.startsWith(POLISH_COUNTRY_CODE) ? digits.slice(POLISH_COUNTRY_CODE.length) : digits;
}

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
