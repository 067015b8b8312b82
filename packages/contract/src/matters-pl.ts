import type { MatterNextStep, matterMessages } from './matters.js';
import { MATTER_PAGE_SIZE_MAX, MATTER_SEARCH_MAX } from './matters.js';
import { POLISH_CHARACTERS, type PolishTexts, polishCount } from './polish.js';

// matters.ts's sentences and messages in Polish (the web loads them only for a reader of Polish).
// The office or "the person handling it" is the subject, so no sentence needs a gendered form.

export const matterNextStepsPl: Record<MatterNextStep, string> = {
  letterWaitsForClerk: 'Wydział przyjmie Twoje pismo do rozpatrzenia i na nie odpowie.',
  letterBeingAnswered: 'Osoba prowadząca Twoje pismo odpowie Ci w rozmowie.',
  letterAnswered: 'Urząd odpowiedział: przeczytaj odpowiedź i w razie potrzeby odpisz.',
  letterResolved: 'Rozmowa została zakończona; nic więcej nie musisz robić.',
  caseWaitsForClerk: 'Urząd przyjmie Twoją sprawę i ją rozpatrzy.',
  caseBeingExamined: 'Urząd rozpatruje Twoją sprawę i wyda rozstrzygnięcie.',
  caseWaitsForYou: 'Urząd wezwał Cię do uzupełnienia sprawy: odpowiedz na stronie sprawy.',
  caseOnAppeal: 'Urząd rozpatruje Twoje odwołanie i ponownie rozstrzygnie sprawę.',
  caseResolved: 'Urząd załatwił Twoją sprawę; rozstrzygnięcie jest na stronie sprawy.',
  caseRejected: 'Urząd odrzucił Twoją sprawę; uzasadnienie i informacja o możliwości odwołania są na stronie sprawy.',
  obligationToPay: 'Zapłać kwotę do terminu płatności; dane do przelewu są na stronie należności.',
  obligationOverdue: 'Termin płatności minął: zapłać kwotę jak najszybciej.',
  obligationPaid: 'Zapłacono; nic więcej nie musisz robić.',
};

/** matterMessages in Polish, key for key. */
export const matterMessagesPl: PolishTexts<typeof matterMessages> = {
  kindInvalid: 'Rodzaj musi mieć wartość letter, case lub obligation.',
  stateInvalid: 'Stan musi mieć wartość waiting-for-office, waiting-for-me lub closed.',
  searchTooLong: `Tekst wyszukiwania może mieć najwyżej ${polishCount(MATTER_SEARCH_MAX, POLISH_CHARACTERS)}.`,
  pageInvalid: 'Numer strony musi być liczbą całkowitą od 1.',
  pageSizeInvalid: `Liczba pozycji na stronie musi być liczbą całkowitą od 1 do ${MATTER_PAGE_SIZE_MAX}.`,
};
