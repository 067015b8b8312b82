import { type conversationApiMessages, LETTER_CONTENT_MAX, LETTER_SUBJECT_MAX, type letterMessages, MESSAGE_CONTENT_MAX } from './letters.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// letters.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** letterMessages in Polish, key for key (the web's second language; the English in letters.ts is the spec's). */
export const letterMessagesPl: PolishTexts<typeof letterMessages> = {
  required: 'Temat, treść i wydział są wymagane.',
  created: 'Pismo zostało wysłane!',
  failed: 'Nie udało się wysłać pisma.',
  error: 'Wystąpił błąd podczas wysyłania pisma.',
  conversationTaken: 'Pismo zostało przyjęte!',
  noConversations: 'Brak rozmów',
  noArchived: 'Brak zarchiwizowanych rozmów.',
  messageEmpty: 'Wiadomość nie może być pusta.',
};

/** conversationApiMessages in Polish, key for key (the web's second language; the English in letters.ts is the spec's). */
export const conversationApiMessagesPl: PolishTexts<typeof conversationApiMessages> = {
  alreadyTaken: 'To pismo przyjęła już inna osoba z wydziału.',
  notOpen: 'Przyjąć można tylko pismo oczekujące na przyjęcie.',
  notInProgress: 'Jako rozwiązaną można oznaczyć tylko rozmowę w toku.',
  notYours: 'Rozmowę może zakończyć tylko osoba, która się nią zajmuje.',
  onlyResolve: 'Tutaj status można zmienić tylko na RESOLVED; aby rozpocząć rozmowę, przejmij otwartą rozmowę.',
  resolved: 'Ta rozmowa została rozwiązana; nie można już wysyłać wiadomości.',
  conversationMismatch: 'conversationId musi być zgodny z rozmową w adresie.',
  notStaff: 'Rozmowę można przypisać tylko do aktywnego pracownika.',
  unknownUser: 'Nie ma takiego użytkownika.',
  lettersQuota: 'W ciągu ostatniej godziny wysłano zbyt wiele pism. Spróbuj ponownie później.',
  messagesQuota: 'W ciągu ostatniej godziny wysłano zbyt wiele wiadomości. Spróbuj ponownie później.',
  searchTooLong: 'Tekst wyszukiwania może mieć najwyżej 100 znaków.',
  subjectTooLong: `Temat nie może przekraczać ${polishCount(LETTER_SUBJECT_MAX, POLISH_CHARACTERS)}.`,
  contentTooLong: `Treść pisma nie może przekraczać ${polishCount(LETTER_CONTENT_MAX, POLISH_CHARACTERS)}.`,
  messageTooLong: `Wiadomość nie może przekraczać ${polishCount(MESSAGE_CONTENT_MAX, POLISH_CHARACTERS)}.`,
};
