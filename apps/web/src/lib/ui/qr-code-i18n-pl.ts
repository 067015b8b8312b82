// The Polish of ./qr-code-i18n.ts, fetched only for a reader of Polish; registerTranslations there
// checks that it has every English key.

export const pl = {
  loading: 'Wczytywanie kodu QR...',
  failed: 'Nie udało się wyświetlić kodu QR. Skorzystaj z danych wypisanych na tej stronie albo odśwież stronę, aby spróbować ponownie.',
};
