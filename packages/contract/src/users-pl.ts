import type { PolishTexts } from './polish.js';
import type { userApiMessages } from './users.js';

// users.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** userApiMessages in Polish, key for key (the web's second language; the English in users.ts is the spec's). */
export const userApiMessagesPl: PolishTexts<typeof userApiMessages> = {
  usernameTaken: 'Ta nazwa użytkownika jest już zajęta.',
  emailTaken: 'Ten adres e-mail jest już zarejestrowany.',
};
