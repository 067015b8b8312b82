import { CASE_COMMENTS_MAX, CASE_DOCUMENTS_MAX, type caseApiMessages, type caseMessages, VEHICLE_TEXT_MAX, VIN_LENGTH } from './cases.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// cases.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** caseMessages in Polish, key for key (the web's second language; the English in cases.ts is the spec's). */
export const caseMessagesPl: PolishTexts<typeof caseMessages> = {
  plateInvalid: 'Nieprawidłowy numer rejestracyjny. Użyj polskiego formatu (np. „KR 12345”).',
  vinLength: `VIN musi mieć dokładnie ${polishCount(VIN_LENGTH, POLISH_CHARACTERS)}.`,
  vinRequired: 'Numer VIN jest wymagany.',
  yearInvalid: 'Podaj prawidłowy rok produkcji pojazdu.',
  makeRequired: 'Marka pojazdu jest wymagana.',
  modelRequired: 'Model pojazdu jest wymagany.',
  registrationDateRequired: 'Data rejestracji jest wymagana.',
  colorRequired: 'Kolor pojazdu jest wymagany.',
  fixErrors: 'Popraw błędy w formularzu.',
  onlyPdf: 'Dozwolone są tylko pliki PDF.',
  created: 'Sprawa została utworzona!',
  createError: 'Wystąpił błąd podczas tworzenia sprawy.',
  noComments: 'Brak uwag',
  noDocuments: 'Brak dokumentów w tej sprawie.',
};

/** caseApiMessages in Polish, key for key (the web's second language; the English in cases.ts is the spec's). */
export const caseApiMessagesPl: PolishTexts<typeof caseApiMessages> = {
  vehicleRequired: 'Sprawa rejestracji pojazdu wymaga danych pojazdu.',
  vehicleNotAllowed: 'Dane pojazdu ma tylko sprawa rejestracji pojazdu.',
  textTooLong: `Maksymalnie ${polishCount(VEHICLE_TEXT_MAX, POLISH_CHARACTERS)}.`,
  commentsTooLong: `Uwagi mogą mieć najwyżej ${polishCount(CASE_COMMENTS_MAX, POLISH_CHARACTERS)}.`,
  unknownUser: 'Nie ma takiego użytkownika.',
  fileMissing: 'Wyślij plik jako część formularza o nazwie „file”.',
  fileEmpty: 'Plik jest pusty.',
  fileTooLarge: 'Plik jest większy niż {{max}} MiB.',
  tooManyDocuments: `Sprawa może mieć najwyżej ${polishCount(CASE_DOCUMENTS_MAX, { one: 'dokument', few: 'dokumenty', many: 'dokumentów' })}.`,
  notMultipart: 'Wyślij dokument jako multipart/form-data.',
  ownerNotCitizen: 'Sprawę można założyć tylko dla konta mieszkańca (USER).',
  openCasesQuota: 'Masz zbyt wiele otwartych spraw. Poczekaj, aż część z nich zostanie rozpatrzona, zanim założysz nową.',
  documentBytesQuota: 'Twoje dokumenty zajmują całe miejsce przysługujące jednemu kontu mieszkańca. Jeśli potrzebujesz więcej, skontaktuj się z urzędem.',
  uploadsInFlightQuota: 'Wysyłasz już kilka dokumentów. Poczekaj, aż zostaną przesłane, i spróbuj ponownie.',
  reasonRequired: 'Napisz wnioskodawcy uzasadnienie odrzucenia.',
  reasonTooLong: 'Wiadomość do wnioskodawcy może mieć najwyżej 1000 znaków.',
  searchTooLong: 'Tekst wyszukiwania może mieć najwyżej 100 znaków.',
};
