import type { PolishTexts } from './polish.js';

// Texts of the page shell every screen shares (spec sections 2 and 8), not of one domain.
export const commonMessages = {
  unauthorized: 'Unauthorized',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/** commonMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const commonMessagesPl: PolishTexts<typeof commonMessages> = {
  unauthorized: 'Brak uprawnień',
  loading: 'Ładowanie...',
  unexpectedError: 'Nieoczekiwany błąd aplikacji!',
};
