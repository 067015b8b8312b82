import type { freeTextMessages } from './free-text.js';
import type { PolishTexts } from './polish.js';

// free-text.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** freeTextMessages in Polish, key for key. */
export const freeTextMessagesPl: PolishTexts<typeof freeTextMessages> = {
  bidiControl: 'Tekst nie może zawierać ukrytych znaków zmieniających kierunek tekstu (np. U+202E).',
};
