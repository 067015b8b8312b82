// The Polish of ./i18n.ts, fetched only for a reader of Polish.

export const pl = {
  title: 'Oceń odpowiedź',
  question: 'Czy odpowiedź była pomocna?',
  helpful: 'Tak, była pomocna',
  notHelpful: 'Nie, nie była pomocna',
  comment: 'Komentarz (opcjonalnie)',
  commentHint: 'Najwyżej {{max}} znaków. Urząd czyta komentarze, aby lepiej odpowiadać.',
  send: 'Wyślij ocenę',
  sending: 'Wysyłanie...',
  thanks: 'Dziękujemy: ocena została zapisana.',
  alreadyRated: 'Ta odpowiedź została już oceniona. Dziękujemy!',
  yourRating: 'Twoja ocena tej odpowiedzi: {{rating}}.',
  helpfulShort: 'pomocna',
  notHelpfulShort: 'niepomocna',
  failed: 'Nie udało się wysłać oceny. Spróbuj ponownie.',
  loadFailed: 'Nie udało się wczytać oceny.',
};
