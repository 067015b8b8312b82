// The Polish of ./i18n.ts, fetched only for a reader of Polish.

export const pl = {
  title: 'Ocena odpowiedzi',
  letter: 'Pismo {{reference}}: {{subject}}',
  loading: 'Otwieranie linku...',
  noToken: 'Ta strona otwiera się z linku w wiadomości o rozpatrzonym piśmie.',
  expired: 'Ten link do oceny wygasł. Odpowiedź można nadal ocenić w portalu po zalogowaniu.',
  invalid: 'Ten link do oceny jest nieprawidłowy. Odpowiedź można ocenić w portalu po zalogowaniu.',
  failed: 'Nie udało się otworzyć linku. Spróbuj ponownie później.',
  thanks: 'Dziękujemy! Ocena została zapisana.',
  alreadyRated: 'Ta odpowiedź została już oceniona. Dziękujemy!',
};
