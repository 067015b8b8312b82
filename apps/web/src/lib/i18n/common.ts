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
    twoFactorSetUp: 'Set up two-factor sign-in',
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
    anonymousTitle: 'Sign in to continue',
    anonymous: 'This page is for signed-in users of the portal. Log in and you will come straight back to it.',
    signedIn: 'Your account ({{role}}) cannot open this page. It is open to: {{roles}}.',
    logIn: 'Log in',
    home: 'Go to the home page',
  },
  errorPage: {
    notFound: 'The page you asked for does not exist. Check the address, or start again from the home page.',
    crashed: 'Something went wrong while showing this page. Please try again in a moment.',
    backHome: 'Go to the home page',
  },
  partFailed: { text: 'This part of the page could not be loaded. Check your connection and try again.', retry: 'Try again' },
  page: {
    home: 'Home',
    login: 'Login',
    userDashboard: 'User Dashboard',
    employeeDashboard: 'Employee Dashboard',
    financialObligations: 'Financial Obligations',
    createObligations: 'Create Obligations',
    caseResolutions: 'Case Resolutions',
    notFound: 'Page not found',
    error: 'Error',
  },
} as const;

/** Texts of the shell (navigation, language switch, error page) in the default namespace. */
export const commonTranslations: Translations<typeof en> = { en, pl: () => import('./common-pl') };
