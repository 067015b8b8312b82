import { PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  prompt: 'Log in to start using services',
  returnNotice: 'Log in to open the page you asked for. You will be taken there after signing in.',
  login: 'Login',
  logout: 'Logout',
  welcomeUser: 'Welcome, {{firstName}}!',
  yourServices: 'Your services',
  tabs: { label: 'Account', login: 'Login', register: 'Register', reset: 'Reset' },
  fields: {
    username: 'Username',
    password: 'Password',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    phoneNumber: 'Phone number',
    dateOfBirth: 'Date of birth',
  },
  hints: {
    password: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with letters and numbers`,
    phoneNumber: `${PHONE_DIGITS} digits, for example 501234567`,
    resetEmail: 'We will send a password reset link to this address.',
  },
  submit: { login: 'Log in', register: 'Create account', reset: 'Send reset link', busy: 'Please wait...' },
  formTitles: { login: 'Log in to your account', register: 'Create a citizen account', reset: 'Reset your password' },
  secondFactor: {
    title: 'Second step: confirm it is you',
    code: 'Code',
    codeHint: 'The 6 digits your authenticator app shows, or one of your recovery codes.',
    submit: 'Continue',
    passkey: 'Use my passkey instead',
    startOver: 'Start again with my password',
    again: 'Sign in again',
  },
  passkey: { or: 'Or, if you registered a passkey:', signIn: 'Sign in with a passkey', cancelled: 'The passkey sign-in was cancelled or did not work. Try again, or use your password.' },
  reminder: {
    staff: 'Staff accounts should use two-factor sign-in: it keeps citizens\' letters safe even if your password leaks.',
    staffRequired: 'Two-factor sign-in is required for staff accounts. Set it up now to continue to your work.',
    citizen: 'You can protect your account with a second step at sign-in.',
    on: 'Two-factor sign-in is on for your account.',
    setUp: 'Set up two-factor sign-in',
    manage: 'Manage two-factor sign-in',
  },
} as const;

export const AUTH_NS = registerTranslations('auth', {
  en,
  pl: () => import('./i18n-pl'),
});
