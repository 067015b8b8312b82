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
  errorPage: { details: 'The page you asked for does not exist or could not be shown.', backHome: 'Go to the home page' },
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
    letterServiceUser: 'Obsługa listów',
    letterServiceEmployee: 'Obsługa listów',
    financialObligations: 'Zobowiązania finansowe',
    caseService: 'Obsługa spraw',
    createObligations: 'Utwórz zobowiązania',
    createCase: 'Utwórz sprawę',
    manageEmployees: 'Zarządzaj pracownikami',
  },
  language: { label: 'Język', en: 'English', pl: 'Polski' },
  notifications: { label: 'Powiadomienia', dismiss: 'Zamknij powiadomienie' },
  errorPage: { details: 'Strona nie istnieje lub nie mogła zostać wyświetlona.', backHome: 'Przejdź na stronę główną' },
  placeholder: {
    notice: 'Ta strona jest w budowie i pojawi się w kolejnym wydaniu.',
  },
  page: {
    home: 'Strona główna',
    login: 'Logowanie',
    userDashboard: 'Panel użytkownika',
    employeeDashboard: 'Panel pracownika',
    financialObligations: 'Zobowiązania finansowe',
    adminDashboard: 'Panel administratora',
    createObligations: 'Tworzenie zobowiązań',
    caseResolutions: 'Sprawy',
  },
} as const;

/** Texts of the shell (navigation, language switch, error page) in the default namespace. */
export const commonTranslations: Translations<typeof en> = { en, pl };
