import { PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS, POLISH_DIGITS, polishCount } from '@portal/contract';
import { registerTranslations } from '../../lib/i18n';

const en = {
  prompt: 'Log in to start using services',
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
    citizen: 'You can protect your account with a second step at sign-in.',
    on: 'Two-factor sign-in is on for your account.',
    setUp: 'Set up two-factor sign-in',
    manage: 'Manage two-factor sign-in',
  },
} as const;

export const AUTH_NS = registerTranslations('auth', {
  en,
  pl: {
    prompt: 'Zaloguj się, aby korzystać z usług',
    login: 'Zaloguj',
    logout: 'Wyloguj',
    // A Polish office greets formally, by full name (issue 9).
    welcomeUser: 'Dzień dobry, {{fullName}}',
    yourServices: 'Twoje usługi',
    tabs: { label: 'Konto', login: 'Logowanie', register: 'Rejestracja', reset: 'Reset hasła' },
    fields: {
      username: 'Nazwa użytkownika',
      password: 'Hasło',
      email: 'Adres e-mail',
      firstName: 'Imię',
      lastName: 'Nazwisko',
      phoneNumber: 'Numer telefonu',
      dateOfBirth: 'Data urodzenia',
    },
    hints: {
      // After 'do' the noun is genitive plural whatever the number.
      password: `Od ${PASSWORD_MIN} do ${PASSWORD_MAX} znaków, litery i cyfry`,
      phoneNumber: `${polishCount(PHONE_DIGITS, POLISH_DIGITS)}, na przykład 501234567`,
      resetEmail: 'Wyślemy link do zresetowania hasła na ten adres.',
    },
    submit: { login: 'Zaloguj się', register: 'Utwórz konto', reset: 'Wyślij link', busy: 'Proszę czekać...' },
    formTitles: { login: 'Zaloguj się na swoje konto', register: 'Załóż konto mieszkańca', reset: 'Zresetuj hasło' },
    secondFactor: {
      title: 'Drugi etap: potwierdź, że to Ty',
      code: 'Kod',
      codeHint: '6 cyfr z aplikacji uwierzytelniającej albo jeden z kodów zapasowych.',
      submit: 'Dalej',
      passkey: 'Użyj klucza dostępu',
      startOver: 'Zacznij od nowa z hasłem',
      again: 'Zaloguj się ponownie',
    },
    passkey: {
      or: 'Albo, jeśli masz klucz dostępu:',
      signIn: 'Logowanie kluczem dostępu',
      cancelled: 'Logowanie kluczem dostępu przerwano albo się nie udało. Spróbuj ponownie lub użyj hasła.',
    },
    reminder: {
      staff: 'Konta pracowników powinny używać logowania dwuetapowego: chroni listy mieszkańców nawet po wycieku hasła.',
      citizen: 'Możesz chronić swoje konto drugim etapem logowania.',
      on: 'Logowanie dwuetapowe jest włączone dla Twojego konta.',
      setUp: 'Włącz logowanie dwuetapowe',
      manage: 'Zarządzaj logowaniem dwuetapowym',
    },
  },
});
