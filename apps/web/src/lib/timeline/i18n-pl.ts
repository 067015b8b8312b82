// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key. Impersonal forms: the clerk's gender is not the citizen's business.

export const pl = {
  title: 'Przebieg sprawy',
  loadFailed: 'Nie udało się wczytać przebiegu sprawy.',
  empty: 'Jeszcze nic się nie wydarzyło.',
  you: 'Ty',
  office: 'Urząd',
  officeNamed: '{{name}}, urząd',
  admin: 'Administracja',
  receiptOf: 'Potwierdzenie (PDF): {{what}}',
  receiptFailed: 'Nie udało się pobrać potwierdzenia. Spróbuj ponownie.',
  reason: 'Uzasadnienie: {{reason}}',
  other: 'Zdarzenie: {{type}}',
  messages: {
    citizenOne: 'Twoja wiadomość',
    citizenMany: 'Twoje wiadomości ({{count}})',
    officeOne: 'Wiadomość od urzędu',
    officeMany: 'Wiadomości od urzędu ({{count}})',
  },
  rated: { yes: 'Odpowiedź oceniono jako pomocną', no: 'Odpowiedź oceniono jako niepomocną' },
  types: {
    'letter-sent': 'Wysłano pismo do: {{department}}',
    'conversation-taken': 'Pismo przyjęto do rozpatrzenia',
    'conversation-resolved': 'Pismo zostało rozpatrzone',
    'case-submitted': 'Złożono wniosek',
    'case-status-changed': 'Zmiana statusu: {{before}} → {{after}}',
    'document-added': 'Dodano dokument: {{name}}',
    'case-term-extended': 'Termin przedłużono (miesiące: {{months}})',
    'case-note-added': 'Notatka wewnętrzna',
    'conversation-note-added': 'Notatka wewnętrzna',
    'matter-delay-notified': 'Zawiadomienie o niezałatwieniu sprawy w terminie; nowy termin: {{date}}',
    'matter-prompted': 'Wniesiono ponaglenie (art. 37 KPA); odpowiedź do {{date}}',
    'prompt-answered': 'Udzielono odpowiedzi na ponaglenie; nowy termin: {{date}}',
    'prompt-answered-decided': 'Udzielono odpowiedzi na ponaglenie',
  },
  status: { PENDING: 'oczekuje', IN_PROGRESS: 'w trakcie', RESOLVED: 'załatwiony', REJECTED: 'odrzucony' },
};
