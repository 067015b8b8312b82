// The Polish of ./bell-i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  button: 'Powiadomienia',
  unread: 'nieprzeczytane: {{count}}',
  announce: 'Nowe powiadomienie. Nieprzeczytane: {{count}}.',
  loading: 'Wczytywanie powiadomień…',
};
