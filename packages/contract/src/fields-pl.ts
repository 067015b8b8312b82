import type { fieldMessages } from './fields.js';
import type { PolishTexts } from './polish.js';

// fields.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** fieldMessages in Polish, key for key. */
export const fieldMessagesPl: PolishTexts<typeof fieldMessages> = {
  notOneLine: 'Wpisz tekst w jednym wierszu, bez znaków sterujących.',
};
