// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  title: 'Ustawienia powiadomień',
  intro: 'Wybierz, jakie wiadomości e-mail wysyła Ci portal. Powiadomienia o Twoim koncie przychodzą zawsze.',
  legend: 'Wysyłaj mi e-mail o',
  categories: {
    replies: 'Nowych odpowiedziach w moich rozmowach',
    status: 'Zmianach statusu moich pism i spraw',
    obligations: 'Nowych należnościach i przypomnieniach o płatności',
  },
  loading: 'Wczytywanie ustawień…',
  loadError: 'Nie udało się wczytać ustawień. Spróbuj później.',
  saved: 'Zapisano.',
  saveError: 'Nie zapisano. Spróbuj ponownie.',
  list: {
    title: 'Powiadomienia',
    markAll: 'Oznacz wszystkie jako przeczytane',
    empty: 'Nie masz jeszcze powiadomień. Portal pokazuje tu, co dzieje się z Twoimi pismami, wnioskami i płatnościami.',
    loadError: 'Nie udało się wczytać powiadomień. Spróbuj później.',
    unread: 'Nieprzeczytane',
    settings: 'Ustawienia powiadomień',
  },
  entry: {
    'letter-taken': 'Urzędnik przyjął Twoje pismo (rozmowa nr {{id}})',
    reply: 'Nowa odpowiedź w rozmowie nr {{id}}',
    'conversation-resolved': 'Rozmowa nr {{id}} została zakończona',
    'case-status': 'Wniosek nr {{id}} ma nowy status: {{status}}',
    'obligation-created': 'Nowa należność FO {{id}}: {{amount}}, termin {{date}}',
    'obligation-due-soon': 'Termin płatności FO {{id}} mija {{date}}',
    'obligation-overdue': 'Płatność FO {{id}} jest po terminie (termin {{date}})',
    'account-registered': 'Utworzono Twoje konto pracownika',
    'account-activated': 'Twoje konto zostało aktywowane',
    'account-deactivated': 'Twoje konto zostało dezaktywowane',
    'delivery-failed': 'Nie udało się dostarczyć e-maila do konta nr {{recipient}}: {{reason}}',
    other: 'Coś zmieniło się w Twoich sprawach',
  },
  caseStatus: { PENDING: 'oczekująca', IN_PROGRESS: 'w toku', RESOLVED: 'załatwiona', REJECTED: 'odrzucona' },
};
