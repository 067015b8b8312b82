import type { httpMessages } from './http.js';
import type { PolishTexts } from './polish.js';

// http.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** httpMessages in Polish, key for key (the web's second language; the English in http.ts is the spec's). */
export const httpMessagesPl: PolishTexts<typeof httpMessages> = {
  validation: 'Żądanie zawiera nieprawidłowe pola.',
  unauthenticated: 'Wymagane jest zalogowanie.',
  forbidden: 'Nie masz uprawnień do tej operacji.',
  notFound: 'Nie znaleziono.',
  tooManyRequests: 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.',
  internal: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
};
