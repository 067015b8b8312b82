import type { Translations } from './translations';

const en = {
  appName: 'City Service Portal',
  welcomeText: 'Service-Oriented System for Government Office Clients',
  skipToContent: 'Skip to main content',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    login: 'Login',
    letterServiceUser: 'Letter Service',
    letterServiceEmployee: 'Letter Service',
    financialObligations: 'Financial Obligations',
    caseService: 'Case Service',
    createObligations: 'Create Obligations',
    createCase: 'Create Case',
    manageEmployees: 'Manage Employees',
  },
  language: { label: 'Language', en: 'English', pl: 'Polski' },
  notifications: { label: 'Notifications', dismiss: 'Dismiss notification' },
  errorSummary: { title: 'There is a problem' },
  documentTitle: '{{page}} - {{appName}}',
  roles: { USER: 'Citizen', EMPLOYEE: 'Employee', ADMIN: 'Administrator' },
  account: {
    signedInAs: 'Signed in as',
    logout: 'Logout',
    logIn: 'Log in',
    yourAccount: 'Your account',
  },
  menu: { button: 'Menu' },
  unauthorized: {
    anonymous: 'This page is for signed-in users of the portal. Log in to continue.',
    signedIn: 'Your account ({{role}}) cannot open this page. It is open to: {{roles}}.',
    logIn: 'Log in',
    home: 'Go to the home page',
  },
  errorPage: {
    notFound: 'The page you asked for does not exist. Check the address, or start again from the home page.',
    crashed: 'Something went wrong while showing this page. Please try again in a moment.',
    backHome: 'Go to the home page',
  },
  placeholder: {
    notice: 'This page is being built and will arrive in a later release.',
  },
  page: {
    home: 'Home',
    login: 'Login',
    userDashboard: 'User Dashboard',
    employeeDashboard: 'Employee Dashboard',
    financialObligations: 'Financial Obligations',
    adminDashboard: 'Admin Dashboard',
    createObligations: 'Create Obligations',
    caseResolutions: 'Case Resolutions',
    notFound: 'Page not found',
    error: 'Error',
  },
} as const;

const pl = {
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
  },
  language: { label: 'Język', en: 'English', pl: 'Polski' },
  notifications: { label: 'Powiadomienia', dismiss: 'Zamknij powiadomienie' },
  errorSummary: { title: 'Wystąpił problem' },
  documentTitle: '{{page}} - {{appName}}',
  roles: { USER: 'Mieszkaniec', EMPLOYEE: 'Pracownik', ADMIN: 'Administrator' },
  account: {
    signedInAs: 'Zalogowano jako',
    logout: 'Wyloguj',
    logIn: 'Zaloguj się',
    yourAccount: 'Twoje konto',
  },
  menu: { button: 'Menu' },
  unauthorized: {
    anonymous: 'Ta strona jest dostępna dla zalogowanych użytkowników portalu. Zaloguj się, aby kontynuować.',
    signedIn: 'Twoje konto ({{role}}) nie ma dostępu do tej strony. Mają go role: {{roles}}.',
    logIn: 'Zaloguj się',
    home: 'Przejdź na stronę główną',
  },
  errorPage: {
    notFound: 'Strona, której szukasz, nie istnieje. Sprawdź adres lub zacznij od strony głównej.',
    crashed: 'Podczas wyświetlania tej strony wystąpił błąd. Spróbuj ponownie za chwilę.',
    backHome: 'Przejdź na stronę główną',
  },
  placeholder: {
    notice: 'Ta strona jest w budowie i pojawi się w kolejnym wydaniu.',
  },
  page: {
    home: 'Strona główna',
    login: 'Logowanie',
    userDashboard: 'Pisma',
    employeeDashboard: 'Obsługa pism',
    financialObligations: 'Zobowiązania finansowe',
    adminDashboard: 'Panel administratora',
    createObligations: 'Tworzenie zobowiązań',
    caseResolutions: 'Sprawy',
    notFound: 'Nie znaleziono strony',
    error: 'Błąd',
  },
} as const;

/** Texts of the shell (navigation, language switch, error page) in the default namespace. */
export const commonTranslations: Translations<typeof en> = { en, pl };
