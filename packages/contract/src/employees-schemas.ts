import { z } from 'zod/mini';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN } from './auth.js';
import { usernameField } from './auth-schemas.js';
import { employeeMessages } from './employees.js';
import { stopWhenLonger } from './fields.js';
import { pastOrTodayDate, requiredText } from './fields-schemas.js';
import { EMAIL_MAX, EMAIL_SHAPE, userMessages } from './users.js';
import { firstNameField, lastNameField, phoneNumberField } from './users-schemas.js';

// The employees domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in employees.ts, which the web's texts import without building these.

const m = employeeMessages;

/**
 * POST /register/employee. The admin form's own messages (section 5), on top of the rules every
 * account shares: the username field of POST /register (whatever it refuses or normalises, this
 * form does too), the name and email bounds of the database, and the password rules of the login
 * form (an employee whose password the login form refuses could never sign in).
 */
export const registerEmployeeRequest = z.object({
  username: usernameField,
  email: requiredText(m.emailInvalid, { trim: true }).check(
    z.maxLength(EMAIL_MAX, stopWhenLonger(m.emailInvalid)),
    z.regex(EMAIL_SHAPE, m.emailInvalid),
  ),
  password: requiredText(m.passwordTooShort).check(
    z.minLength(PASSWORD_MIN, m.passwordTooShort),
    z.maxLength(PASSWORD_MAX, stopWhenLonger(authMessages.passwordTooLong)),
    z.refine((value: string) => /\p{L}/u.test(value) && /\d/.test(value), authMessages.passwordLettersAndDigits),
  ),
  firstName: firstNameField,
  lastName: lastNameField,
  phoneNumber: phoneNumberField(m.phoneInvalid),
  dateOfBirth: pastOrTodayDate({
    required: m.dateOfBirthRequired,
    invalid: userMessages.dateOfBirthInvalid,
    future: userMessages.dateOfBirthFuture,
  }),
});
export type RegisterEmployeeRequest = z.infer<typeof registerEmployeeRequest>;
