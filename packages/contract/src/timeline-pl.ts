import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';
import { RATING_COMMENT_MAX, type ratingMessages } from './timeline.js';

// timeline.ts's messages in Polish: the web loads them only for a reader of Polish.

/** ratingMessages in Polish, key for key. */
export const ratingMessagesPl: PolishTexts<typeof ratingMessages> = {
  helpfulRequired: 'Wybierz, czy odpowiedź była pomocna.',
  commentTooLong: `Komentarz może mieć najwyżej ${polishCount(RATING_COMMENT_MAX, POLISH_CHARACTERS)}.`,
  notResolved: 'Ocenić można tylko rozpatrzone pismo: to jest jeszcze rozpatrywane.',
  alreadyRated: 'Ta odpowiedź została już oceniona; pismo można ocenić jeden raz.',
  linkInvalid: 'Ten link do oceny jest nieprawidłowy.',
  linkExpired: 'Ten link do oceny wygasł.',
};
