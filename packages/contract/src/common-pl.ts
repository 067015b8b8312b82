import type { commonMessages } from './common.js';
import type { PolishTexts } from './polish.js';

// common.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** commonMessages in Polish, key for key (the web's second language; the English in common.ts is the spec's). */
export const commonMessagesPl: PolishTexts<typeof commonMessages> = {
  unauthorized: 'Brak uprawnień',
  loading: 'Ładowanie...',
  unexpectedError: 'Nieoczekiwany błąd aplikacji!',
};
