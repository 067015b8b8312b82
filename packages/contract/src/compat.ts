import type { PolishTexts } from './polish.js';
import { authApiMessages } from './auth.js';
import { httpMessages } from './http.js';
import { userApiMessages } from './users.js';

// Names from before the contract was split per domain (issue 7), kept while apps/api and apps/web
// move to the domain groups. New code imports the domain's own group; delete this file once
// nothing imports from it.

/** @deprecated Use `httpMessages`, `authApiMessages` or `userApiMessages`. */
export const apiMessages = { ...httpMessages, ...authApiMessages, ...userApiMessages } as const;

/** apiMessages in Polish, key for key (the web's second language; the English above is the spec's). */
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
