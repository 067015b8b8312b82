import { PASSWORD_MIN } from './auth.js';
import type { employeeApiMessages, employeeMessages } from './employees.js';
import { POLISH_CHARACTERS, POLISH_DIGITS, polishCount, type PolishTexts } from './polish.js';
import { PHONE_DIGITS } from './users.js';

// employees.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** employeeMessages in Polish, key for key (the web's second language; the English in employees.ts is the spec's). */
export const employeeMessagesPl: PolishTexts<typeof employeeMessages> = {
  usernameRequired: 'Nazwa użytkownika jest wymagana',
  emailInvalid: 'Wymagany jest prawidłowy adres e-mail',
  passwordTooShort: `Hasło musi mieć co najmniej ${polishCount(PASSWORD_MIN, POLISH_CHARACTERS)}`,
  firstNameRequired: 'Imię jest wymagane',
  lastNameRequired: 'Nazwisko jest wymagane',
  phoneInvalid: `Numer telefonu musi mieć ${polishCount(PHONE_DIGITS, POLISH_DIGITS)}`,
  dateOfBirthRequired: 'Data urodzenia jest wymagana',
  registered: 'Konto pracownika zostało zarejestrowane!',
  registerFailed: 'Nie udało się zarejestrować pracownika. Spróbuj ponownie.',
  fetchFailed: 'Nie udało się pobrać listy pracowników.',
  statusFailed: 'Nie udało się zmienić statusu pracownika.',
};

/** employeeApiMessages in Polish, key for key (the web's second language; the English in employees.ts is the spec's). */
export const employeeApiMessagesPl: PolishTexts<typeof employeeApiMessages> = {
  onlyEmployees: 'Aktywować lub dezaktywować można tylko konta pracowników.',
  notYourself: 'Nie możesz zmienić statusu własnego konta.',
};
