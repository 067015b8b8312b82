import type { apiMessages } from './compat.js';
import type { PolishTexts } from './polish.js';

// compat.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** apiMessages in Polish, key for key (the web's second language; the English in compat.ts is the spec's). */
export const apiMessagesPl: PolishTexts<typeof apiMessages> = {
  validation: 'Żądanie zawiera nieprawidłowe pola.',
  unauthenticated: 'Wymagane jest zalogowanie.',
  forbidden: 'Nie masz uprawnień do tej operacji.',
  notFound: 'Nie znaleziono.',
  badCredentials: 'Nieprawidłowa nazwa użytkownika lub hasło.',
  accountDisabled: 'To konto jest wyłączone.',
  usernameTaken: 'Ta nazwa użytkownika jest już zajęta.',
  emailTaken: 'Ten adres e-mail jest już zarejestrowany.',
  tooManyRequests: 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.',
  accountLocked: 'Zbyt wiele nieudanych logowań dla tej nazwy użytkownika. Spróbuj ponownie później.',
  internal: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
};
