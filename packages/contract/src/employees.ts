import { POLISH_CHARACTERS, POLISH_DIGITS, polishCount, type PolishTexts } from './polish.js';
import { z } from 'zod/mini';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN, usernameField } from './auth.js';
import { EMAIL_MAX, EMAIL_SHAPE, firstNameField, lastNameField, PHONE_DIGITS, PHONE_SHAPE, userMessages } from './users.js';
import { pastOrTodayDate, requiredText, stopWhenLonger } from './fields.js';

// The Admin Dashboard: registering employees and switching their accounts on and off (spec
// sections 2, 4, 5, 7 and 8).

/**
 * Exact texts of spec section 5 (the admin's register form) and section 8 (what the dashboard
 * shows when a call fails), plus the page's own labels the spec quotes in section 2.
 */
export const employeeMessages = {
  usernameRequired: 'Username is required',
  emailInvalid: 'Valid email is required',
  /** Spec: 'Password must be at least 8 characters'. */
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  firstNameRequired: userMessages.firstNameRequired,
  lastNameRequired: userMessages.lastNameRequired,
  phoneInvalid: userMessages.phoneInvalid,
  dateOfBirthRequired: 'Date of birth is required',
  registered: 'Employee registered successfully!',
  registerFailed: 'Failed to register employee. Please try again.',
  fetchFailed: 'Failed to fetch employees.',
  statusFailed: 'Failed to update employee status.',
} as const;

/** Why the server refuses a status change (the spec words none of these). */
export const employeeApiMessages = {
  onlyEmployees: 'Only employee accounts can be activated or deactivated.',
  notYourself: 'You cannot change the status of your own account.',
} as const;

const m = employeeMessages;

/**
 * POST /register/employee. The admin form's own messages (section 5), on top of the rules every
 * account shares: the username field of POST /register (whatever it refuses or normalises, this
 * form does too), the name and email bounds of the database, and the password rules of the login
 * form (an employee whose password the login form refuses could never sign in).
 */
export const registerEmployeeRequest = z.object({
  username: usernameField,
  email: requiredText(m.emailInvalid, { trim: true }).check(z.maxLength(EMAIL_MAX, stopWhenLonger(m.emailInvalid)), z.regex(EMAIL_SHAPE, m.emailInvalid)),
  password: requiredText(m.passwordTooShort).check(
    z.minLength(PASSWORD_MIN, m.passwordTooShort),
    z.maxLength(PASSWORD_MAX, stopWhenLonger(authMessages.passwordTooLong)),
    z.refine((value: string) => /\p{L}/u.test(value) && /\d/.test(value), authMessages.passwordLettersAndDigits),
  ),
  firstName: firstNameField,
  lastName: lastNameField,
  phoneNumber: requiredText(m.phoneInvalid, { trim: true }).check(z.maxLength(PHONE_DIGITS, stopWhenLonger(m.phoneInvalid)), z.regex(PHONE_SHAPE, m.phoneInvalid)),
  dateOfBirth: pastOrTodayDate({
    required: m.dateOfBirthRequired,
    invalid: userMessages.dateOfBirthInvalid,
    future: userMessages.dateOfBirthFuture,
  }),
});
export type RegisterEmployeeRequest = z.infer<typeof registerEmployeeRequest>;

/** employeeMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const employeeMessagesPl: PolishTexts<typeof employeeMessages> = {
  usernameRequired: 'Nazwa użytkownika jest wymagana',
  emailInvalid: 'Wymagany jest prawidłowy adres e-mail',
  passwordTooShort: `Hasło musi mieć co najmniej ${polishCount(PASSWORD_MIN, POLISH_CHARACTERS)}`,
  firstNameRequired: 'Imię jest wymagane',
  lastNameRequired: 'Nazwisko jest wymagane',
  phoneInvalid: `Numer telefonu musi mieć ${polishCount(PHONE_DIGITS, POLISH_DIGITS)}`,
  dateOfBirthRequired: 'Data urodzenia jest wymagana',
  registered: 'Pracownik został zarejestrowany!',
  registerFailed: 'Nie udało się zarejestrować pracownika. Spróbuj ponownie.',
  fetchFailed: 'Nie udało się pobrać listy pracowników.',
  statusFailed: 'Nie udało się zmienić statusu pracownika.',
};

/** employeeApiMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const employeeApiMessagesPl: PolishTexts<typeof employeeApiMessages> = {
  onlyEmployees: 'Aktywować lub dezaktywować można tylko konta pracowników.',
  notYourself: 'Nie możesz zmienić statusu własnego konta.',
};
