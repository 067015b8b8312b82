// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  welcomeUser: 'Dzień dobry, {{fullName}}',
  userTabs: {
    label: 'Pisma',
    create: 'Napisz pismo',
    conversations: 'Twoje rozmowy',
  },
  form: {
    title: 'Pismo do wydziału urzędu miasta',
    intro: 'Wszystkie pola są wymagane. Odpowiedź pracownika wydziału pojawi się w zakładce Twoje rozmowy.',
    subject: 'Temat',
    body: 'Treść',
    department: 'Wydział',
    chooseDepartment: 'Wybierz wydział',
    submit: 'Wyślij',
    busy: 'Wysyłanie...',
  },
  receipt: {
    title: 'Potwierdzenie wysłania',
    intro: 'Pismo dotarło do wydziału. Prosimy zachować jego numer do kontaktu z urzędem.',
    reference: 'Numer pisma',
    open: 'Otwórz rozmowę w sprawie tego pisma',
  },
  due: {
    answerBy: 'Odpowiedź do {{date}}',
    label: 'Odpowiedź do',
  },
  departments: {
    'City Administration': 'Administracja miasta',
    'Public Works Department': 'Wydział Robót Publicznych',
    'Parks and Recreation Department': 'Wydział Parków i Rekreacji',
  },
  status: {
    OPEN: 'Oczekuje na przyjęcie',
    IN_PROGRESS: 'W realizacji',
    RESOLVED: 'Zakończona',
  },
  fields: {
    letterId: 'Numer pisma',
    subject: 'Temat',
    sender: 'Nadawca',
    status: 'Status',
    resolvedDate: 'Data zakończenia',
    department: 'Wydział',
    sent: 'Wysłano',
  },
  list: {
    yourConversations: 'Twoje rozmowy',
    selectPrompt: 'Wybierz rozmowę, aby otworzyć czat.',
    writeLetter: 'Napisz pismo',
    unread: 'Nieprzeczytane wiadomości: {{count}}',
  },
  chat: {
    title: 'Czat: {{subject}}',
    messages: 'Wiadomości',
    empty: 'Brak wiadomości. Napisz pierwszą poniżej.',
    emptyArchived: 'W tej rozmowie nie napisano żadnej wiadomości.',
    you: 'Ty',
    sending: 'wysyłanie...',
    messageLabel: 'Twoja wiadomość',
    send: 'Wyślij',
    closed: 'Ta rozmowa została zakończona. Nie można już wysyłać wiadomości.',
    outcome: 'Pismo załatwiono {{date}} (osoba prowadząca: {{name}}): {{message}}',
    outcomeNoMessage: 'Pismo załatwiono {{date}} (osoba prowadząca: {{name}}).',
    offline: 'Aktualizacje na żywo są wstrzymane; czat odświeża się co kilka sekund.',
    waiting: 'Pismo oczekuje na przyjęcie przez pracownika',
    handledBy: 'Sprawę prowadzi: {{name}}',
    olderMessages: 'Pokaż starsze wiadomości',
    loadingOlder: 'Wczytywanie starszych wiadomości...',
  },
  letter: {
    yours: 'Twoje pismo',
    theLetter: 'Pismo',
    text: 'Treść pisma',
  },
};
