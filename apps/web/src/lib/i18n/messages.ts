import {
  apiMessages,
  authMessages,
  commonMessages,
  conversationApiMessages,
  letterMessages,
  obligationApiMessages,
  obligationMessages,
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
  obligations: obligationMessages,
  obligationsApi: obligationApiMessages,
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
    created: 'List został utworzony!',
    failed: 'Nie udało się utworzyć listu.',
    error: 'Wystąpił błąd podczas tworzenia listu.',
    conversationTaken: 'Rozmowa została przejęta!',
    noConversations: 'Brak rozmów',
    noArchived: 'Brak zarchiwizowanych rozmów.',
    messageEmpty: 'Wiadomość nie może być pusta.',
  },
  conversations: {
    alreadyTaken: 'Tę rozmowę przejął już inny pracownik.',
    notOpen: 'Przejąć można tylko otwartą rozmowę.',
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
  obligations: {
    headingFor: 'Zobowiązania finansowe:',
    loadingUser: 'Ładowanie danych użytkownika...',
    loadingObligations: 'Ładowanie zobowiązań finansowych...',
    viewChart: 'Pokaż wykres',
    viewList: 'Pokaż listę',
    none: 'Nie znaleziono zobowiązań finansowych.',
    backToList: 'Wróć do listy',
    allYears: 'Wszystkie lata',
    yearlyTitle: 'Roczne zobowiązania finansowe',
    monthlyTitle: 'Miesięczne zobowiązania finansowe',
    datasetLabel: 'Zobowiązania miesięczne (PLN)',
    flipPhone: 'Jeśli wykres jest niewidoczny, obróć telefon',
    labels: 'Etykiety',
    searchUser: 'Szukaj użytkownika...',
    createFor: 'Utwórz zobowiązanie finansowe dla',
    selectUserPrompt: 'Wybierz użytkownika, aby utworzyć zobowiązanie.',
    selectUser: 'Wybierz użytkownika.',
    created: 'Zobowiązanie finansowe zostało utworzone.',
    amountRequired: 'Kwota jest wymagana',
    amountInvalid: 'Kwota musi być liczbą',
    amountNotPositive: 'Kwota musi być większa od 0',
    amountTooManyDecimals: 'Kwota może mieć najwyżej 2 miejsca po przecinku',
    amountTooLarge: 'Kwota nie może przekraczać 999 999 999,99 zł',
    dueDateRequired: 'Termin płatności jest wymagany',
    dueDateInvalid: 'Termin płatności musi być prawidłową datą',
    dueBeforeIssue: 'Termin płatności nie może być wcześniejszy niż data wystawienia',
    issueDateRequired: 'Data wystawienia jest wymagana',
    issueDateInvalid: 'Data wystawienia musi być prawidłową datą',
    dateOutOfRange: 'Podaj datę od 2000-01-01 do 2099-12-31',
    paymentStatusRequired: 'Status płatności jest wymagany',
    paymentStatusInvalid: 'Status płatności musi mieć wartość PENDING, PAID lub OVERDUE',
    descriptionTooLong: 'Opis nie może przekraczać 500 znaków',
    descriptionInvalid: 'Opis musi być tekstem',
    interestIdInvalid: 'Wymagana jest dodatnia liczba całkowita',
  },
  obligationsApi: {
    unknownUser: 'Nie ma użytkownika o tym identyfikatorze.',
    notCitizen: 'Zobowiązania finansowe można tworzyć tylko dla konta obywatela (USER).',
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
