import { CONVERSATION_LIMIT_MAX, type deskMessages, INTERNAL_NOTE_MAX } from './desk.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// desk.ts's messages in Polish: the web loads them only for a reader of Polish.

/** deskMessages in Polish, key for key. */
export const deskMessagesPl: PolishTexts<typeof deskMessages> = {
  noteRequired: 'Wpisz treść notatki.',
  noteTooLong: `Notatka może mieć najwyżej ${polishCount(INTERNAL_NOTE_MAX, POLISH_CHARACTERS)}.`,
  dateInvalid: 'Wpisz datę w postaci RRRR-MM-DD.',
  rangeReversed: 'Początek zakresu nie może być późniejszy niż jego koniec.',
  limitInvalid: `Można pobrać od 1 do ${CONVERSATION_LIMIT_MAX} rozmów.`,
};
