import { OBLIGATION_DATE_MAX, OBLIGATION_DATE_MIN, OBLIGATION_DESCRIPTION_MAX, type obligationApiMessages, type obligationMessages } from './obligations.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// obligations.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** obligationMessages in Polish, key for key (the web's second language; the English in obligations.ts is the spec's). */
export const obligationMessagesPl: PolishTexts<typeof obligationMessages> = {
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
  dateOutOfRange: `Podaj datę od ${OBLIGATION_DATE_MIN} do ${OBLIGATION_DATE_MAX}`,
  paymentStatusRequired: 'Status płatności jest wymagany',
  paymentStatusInvalid: 'Status płatności musi mieć wartość PENDING, PAID lub OVERDUE',
  descriptionTooLong: `Opis nie może przekraczać ${polishCount(OBLIGATION_DESCRIPTION_MAX, POLISH_CHARACTERS)}`,
  descriptionInvalid: 'Opis musi być tekstem',
  interestIdInvalid: 'Wymagana jest dodatnia liczba całkowita',
};

/** obligationApiMessages in Polish, key for key (the web's second language; the English in obligations.ts is the spec's). */
export const obligationApiMessagesPl: PolishTexts<typeof obligationApiMessages> = {
  unknownUser: 'Nie ma użytkownika o tym identyfikatorze.',
  notCitizen: 'Zobowiązania finansowe można tworzyć tylko dla konta mieszkańca (USER).',
};
