import { type authApiMessages, type authMessages, PASSWORD_MAX, PASSWORD_MIN, type sessionMessages, type usernameMessages } from './auth.js';
import { POLISH_CHARACTERS, POLISH_DIGITS, polishCount, type PolishTexts } from './polish.js';
import { NAME_MAX, PHONE_DIGITS, USERNAME_MAX } from './users.js';

// auth.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** authMessages in Polish, key for key (the web's second language; the English in auth.ts is the spec's). */
export const authMessagesPl: PolishTexts<typeof authMessages> = {
  usernameRequired: 'Nazwa użytkownika jest wymagana',
  usernameTooLong: `Nazwa użytkownika nie może przekraczać ${polishCount(USERNAME_MAX, POLISH_CHARACTERS)}`,
  passwordRequired: 'Hasło jest wymagane',
  passwordTooShort: `Hasło musi mieć co najmniej ${polishCount(PASSWORD_MIN, POLISH_CHARACTERS)}`,
  passwordLettersAndDigits: 'Hasło musi zawierać litery i cyfry',
  passwordTooLong: `Hasło nie może przekraczać ${polishCount(PASSWORD_MAX, POLISH_CHARACTERS)}`,
  firstNameRequired: 'Imię jest wymagane',
  firstNameTooLong: `Imię nie może przekraczać ${polishCount(NAME_MAX, POLISH_CHARACTERS)}`,
  lastNameRequired: 'Nazwisko jest wymagane',
  lastNameTooLong: `Nazwisko nie może przekraczać ${polishCount(NAME_MAX, POLISH_CHARACTERS)}`,
  emailRequired: 'Adres e-mail jest wymagany',
  emailInvalid: 'Nieprawidłowy format adresu e-mail',
  phoneRequired: 'Numer telefonu jest wymagany',
  phoneInvalid: `Numer telefonu musi mieć ${polishCount(PHONE_DIGITS, POLISH_DIGITS)}`,
  dateOfBirthRequired: 'Data urodzenia jest wymagana',
  dateOfBirthFuture: 'Data urodzenia nie może być z przyszłości',
  dateOfBirthInvalid: 'Data urodzenia musi być prawidłową datą',
  resetEmailRequired: 'Adres e-mail jest wymagany do zresetowania hasła',
  resetLinkSent: 'Link do zresetowania hasła wysłano na adres {{email}}',
  loginSuccess: 'Zalogowano pomyślnie!',
};

/** usernameMessages in Polish, key for key (the web's second language; the English in auth.ts is the spec's). */
export const usernameMessagesPl: PolishTexts<typeof usernameMessages> = {
  surroundingSpace: 'Nazwa użytkownika nie może zaczynać się ani kończyć spacją',
  spaces: 'Nazwa użytkownika nie może zawierać spacji',
  invisible: 'Nazwa użytkownika nie może zawierać znaków sterujących, niewidocznych ani zmieniających kierunek tekstu',
  invalidText: 'Nazwa użytkownika zawiera znak, który nie jest poprawnym tekstem',
  lookalike: 'Ta nazwa użytkownika jest zbyt podobna do istniejącej. Wybierz inną.',
};

/** sessionMessages in Polish, key for key (the web's second language; the English in auth.ts is the spec's). */
export const sessionMessagesPl: PolishTexts<typeof sessionMessages> = {
  tooManyLoginsFromAddress: 'Zbyt wiele nieudanych logowań z Twojej sieci. Spróbuj ponownie później.',
  crossSiteRefused: 'To żądanie pochodzi z innej witryny i zostało odrzucone.',
};

/** authApiMessages in Polish, key for key (the server's answers to a sign-in). */
export const authApiMessagesPl: PolishTexts<typeof authApiMessages> = {
  badCredentials: 'Nieprawidłowa nazwa użytkownika lub hasło.',
  accountDisabled: 'To konto jest wyłączone.',
  accountLocked: 'Zbyt wiele nieudanych logowań dla tej nazwy użytkownika. Spróbuj ponownie później.',
};
