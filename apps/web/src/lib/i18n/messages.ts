import {
  apiMessages,
  auditApiMessages,
  authMessages,
  commonMessages,
  conversationApiMessages,
  employeeApiMessages,
  employeeMessages,
  letterMessages,
  sessionMessages,
  usernameMessages,
} from '@portal/contract';
import type { Translations } from './translations';

// The English texts ARE the contract's constants (spec sections 5 and 8), so each exists once;
// only their Polish versions are written here. A new message group in the contract gets a group here.

const en = {
  auth: { ...authMessages, resetLinkSent: authMessages.resetLinkSent('{{email}}') },
  letters: letterMessages,
  conversations: conversationApiMessages,
  common: commonMessages,
  api: apiMessages,
  employees: employeeMessages,
  employeesApi: employeeApiMessages,
  audit: auditApiMessages,
  usernames: usernameMessages,
  sessions: sessionMessages,
};

const pl = {
  auth: {
    usernameRequired: 'Nazwa użytkownika jest wymagana',
    usernameTooLong: 'Nazwa użytkownika nie może przekraczać 20 znaków',
    passwordRequired: 'Hasło jest wymagane',
    passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków',
    passwordLettersAndDigits: 'Hasło musi zawierać litery i cyfry',
    passwordTooLong: 'Hasło nie może przekraczać 50 znaków',
    firstNameRequired: 'Imię jest wymagane',
    firstNameTooLong: 'Imię nie może przekraczać 30 znaków',
    lastNameRequired: 'Nazwisko jest wymagane',
    lastNameTooLong: 'Nazwisko nie może przekraczać 30 znaków',
    emailRequired: 'Adres e-mail jest wymagany',
    emailInvalid: 'Nieprawidłowy format adresu e-mail',
    phoneRequired: 'Numer telefonu jest wymagany',
    phoneInvalid: 'Numer telefonu musi mieć 9 cyfr',
    dateOfBirthRequired: 'Data urodzenia jest wymagana',
    dateOfBirthFuture: 'Data urodzenia nie może być z przyszłości',
    dateOfBirthInvalid: 'Data urodzenia musi być prawidłową datą',
    resetEmailRequired: 'Adres e-mail jest wymagany do zresetowania hasła',
    resetLinkSent: 'Link do zresetowania hasła wysłano na adres {{email}}',
    loginSuccess: 'Zalogowano pomyślnie!',
  },
  letters: {
    required: 'Temat, treść i wydział są wymagane.',
    created: 'Pismo zostało wysłane!',
    failed: 'Nie udało się wysłać pisma.',
    error: 'Wystąpił błąd podczas wysyłania pisma.',
    conversationTaken: 'Pismo zostało przyjęte!',
    noConversations: 'Brak rozmów',
    noArchived: 'Brak zarchiwizowanych rozmów.',
    messageEmpty: 'Wiadomość nie może być pusta.',
  },
  conversations: {
    alreadyTaken: 'To pismo przyjął już inny pracownik.',
    notOpen: 'Przyjąć można tylko pismo oczekujące na przyjęcie.',
    notInProgress: 'Jako rozwiązaną można oznaczyć tylko rozmowę w toku.',
    notYours: 'Rozmowę może rozwiązać tylko pracownik, który się nią zajmuje.',
    onlyResolve: 'Tutaj status można zmienić tylko na RESOLVED; aby rozpocząć rozmowę, przejmij otwartą rozmowę.',
    resolved: 'Ta rozmowa została rozwiązana; nie można już wysyłać wiadomości.',
    conversationMismatch: 'conversationId musi być zgodny z rozmową w adresie.',
    notStaff: 'Rozmowę można przypisać tylko do aktywnego pracownika.',
    unknownUser: 'Nie ma takiego użytkownika.',
  },
  common: {
    unauthorized: 'Brak uprawnień',
    loading: 'Ładowanie...',
    unexpectedError: 'Nieoczekiwany błąd aplikacji!',
  },
  api: {
    validation: 'Żądanie zawiera nieprawidłowe pola.',
    unauthenticated: 'Wymagane jest zalogowanie.',
    forbidden: 'Nie masz uprawnień do tej operacji.',
    notFound: 'Nie znaleziono.',
    badCredentials: 'Nieprawidłowa nazwa użytkownika lub hasło.',
    accountDisabled: 'To konto jest wyłączone.',
    usernameTaken: 'Ta nazwa użytkownika jest już zajęta.',
    emailTaken: 'Ten adres e-mail jest już zarejestrowany.',
    tooManyRequests: 'Zbyt wiele prób. Odczekaj minutę i spróbuj ponownie.',
    accountLocked: 'Zbyt wiele nieudanych logowań dla tej nazwy użytkownika. Spróbuj ponownie później.',
    internal: 'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
  },
  employees: {
    usernameRequired: 'Nazwa użytkownika jest wymagana',
    emailInvalid: 'Wymagany jest prawidłowy adres e-mail',
    passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków',
    firstNameRequired: 'Imię jest wymagane',
    lastNameRequired: 'Nazwisko jest wymagane',
    phoneInvalid: 'Numer telefonu musi mieć 9 cyfr',
    dateOfBirthRequired: 'Data urodzenia jest wymagana',
    registered: 'Pracownik został zarejestrowany!',
    registerFailed: 'Nie udało się zarejestrować pracownika. Spróbuj ponownie.',
    fetchFailed: 'Nie udało się pobrać listy pracowników.',
    statusFailed: 'Nie udało się zmienić statusu pracownika.',
  },
  employeesApi: {
    onlyEmployees: 'Aktywować lub dezaktywować można tylko konta pracowników.',
    notYourself: 'Nie możesz zmienić statusu własnego konta.',
  },
  audit: {
    rangeReversed: 'Początek zakresu nie może być późniejszy niż jego koniec.',
  },
  usernames: {
    surroundingSpace: 'Nazwa użytkownika nie może zaczynać się ani kończyć spacją',
    spaces: 'Nazwa użytkownika nie może zawierać spacji',
    invisible: 'Nazwa użytkownika nie może zawierać znaków sterujących, niewidocznych ani zmieniających kierunek tekstu',
    invalidText: 'Nazwa użytkownika zawiera znak, który nie jest poprawnym tekstem',
    lookalike: 'Ta nazwa użytkownika jest zbyt podobna do istniejącej. Wybierz inną.',
  },
  sessions: {
    tooManyLoginsFromAddress: 'Zbyt wiele nieudanych logowań z Twojej sieci. Spróbuj ponownie później.',
    crossSiteRefused: 'To żądanie pochodzi z innej witryny i zostało odrzucone.',
  },
};

export const MESSAGES_NS = 'messages';
export const messageTranslations: Translations<typeof en> = { en, pl };

/** English contract text -> its i18n key, so a zod issue message can be shown in the chosen language. */
export const messageKeyByText: ReadonlyMap<string, string> = new Map(
  Object.entries(en).flatMap(([group, texts]) =>
    Object.entries(texts).map(([key, text]) => [text, `${MESSAGES_NS}:${group}.${key}`] as const),
  ),
);
