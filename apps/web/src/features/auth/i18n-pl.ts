import { PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS, POLISH_DIGITS, polishCount } from '@portal/contract';

// The Polish of ./i18n.ts, fetched only for a reader of Polish; registerTranslations there checks
// that it has every English key.

export const pl = {
  prompt: 'Zaloguj się, aby korzystać z usług',
  returnNotice: 'Zaloguj się, aby otworzyć wybraną stronę. Po zalogowaniu nastąpi przejście na nią.',
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
    staff: 'Konta pracowników powinny używać logowania dwuetapowego: chroni pisma mieszkańców nawet po wycieku hasła.',
    staffRequired: 'Logowanie dwuetapowe jest wymagane na kontach pracowników. Należy je włączyć, aby przejść do pracy.',
    citizen: 'Możesz chronić swoje konto drugim etapem logowania.',
    on: 'Logowanie dwuetapowe jest włączone dla Twojego konta.',
    setUp: 'Włącz logowanie dwuetapowe',
    manage: 'Zarządzaj logowaniem dwuetapowym',
  },
};
