// The shell's texts in Polish (common.ts has the English): loaded only for a reader of Polish.

export const pl = {
  appName: 'Portal Usług Miejskich',
  welcomeText: 'System usług dla klientów urzędu miasta',
  skipToContent: 'Przejdź do treści',
  nav: {
    label: 'Nawigacja główna',
    home: 'Strona główna',
    login: 'Logowanie',
    // One name per service in navigation, page heading and home card (issue 9): the page names below.
    letterServiceUser: 'Pisma',
    letterServiceEmployee: 'Obsługa pism',
    financialObligations: 'Zobowiązania finansowe',
    caseService: 'Sprawy',
    createObligations: 'Tworzenie zobowiązań',
    createCase: 'Sprawy',
    manageEmployees: 'Panel administratora',
    twoFactorSetUp: 'Włącz logowanie dwuetapowe',
  },
  language: { label: 'Język', en: 'English', pl: 'Polski' },
  notifications: { label: 'Powiadomienia', dismiss: 'Zamknij powiadomienie' },
  errorSummary: { title: 'Wystąpił problem' },
  documentTitle: '{{page}} - {{appName}}',
  // The kind of account, not a person's noun: "(Mieszkaniec)" beside every citizen's name was masculine.
  roles: { USER: 'konto mieszkańca', EMPLOYEE: 'konto pracownika', ADMIN: 'konto administratora' },
  account: {
    signedInAs: 'Zalogowano jako',
    logout: 'Wyloguj',
    logIn: 'Zaloguj się',
    yourAccount: 'Twoje konto',
  },
  menu: { button: 'Menu' },
  unauthorized: {
    anonymousTitle: 'Zaloguj się, aby kontynuować',
    anonymous: 'Ta strona jest dostępna po zalogowaniu do portalu. Po zalogowaniu nastąpi powrót na tę stronę.',
    signedIn: 'Zalogowano na {{role}}, które nie ma dostępu do tej strony. Dostęp ma: {{roles}}.',
    logIn: 'Zaloguj się',
    home: 'Przejdź na stronę główną',
  },
  errorPage: {
    notFound: 'Strona, której szukasz, nie istnieje. Sprawdź adres lub zacznij od strony głównej.',
    crashed: 'Podczas wyświetlania tej strony wystąpił błąd. Spróbuj ponownie za chwilę.',
    backHome: 'Przejdź na stronę główną',
  },
  partFailed: { text: 'Nie udało się wczytać tej części strony. Sprawdź połączenie i spróbuj ponownie.', retry: 'Spróbuj ponownie' },
  page: {
    home: 'Strona główna',
    login: 'Logowanie',
    userDashboard: 'Pisma',
    employeeDashboard: 'Obsługa pism',
    financialObligations: 'Zobowiązania finansowe',
    createObligations: 'Tworzenie zobowiązań',
    caseResolutions: 'Sprawy',
    notFound: 'Nie znaleziono strony',
    error: 'Błąd',
  },
} as const;
