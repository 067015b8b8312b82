import { type handoffMessages, HANDOFF_REASON_MAX, MAX_REOPENINGS, REOPEN_WINDOW_DAYS_MAX, REOPEN_WINDOW_DAYS_MIN, STALE_WORKING_DAYS_MAX, STALE_WORKING_DAYS_MIN } from './handoffs.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// handoffs.ts's messages in Polish: the web loads them only for a reader of Polish.

/** handoffMessages in Polish, key for key (impersonal forms: no one's gender is assumed). */
export const handoffMessagesPl: PolishTexts<typeof handoffMessages> = {
  reasonRequired: 'Podaj powód.',
  reasonTooLong: `Powód może mieć najwyżej ${polishCount(HANDOFF_REASON_MAX, POLISH_CHARACTERS)}.`,
  oneTarget: 'Wybierz wydział albo osobę z zespołu.',
  notActiveEmployee: 'Wybierz aktywne konto pracownika.',
  sameDepartment: 'Pismo jest już w tym wydziale.',
  sameHandler: 'Ta osoba już prowadzi tę sprawę.',
  notHandled: 'Przekazać lub zwolnić można tylko pismo lub wniosek w toku.',
  resolvedNoTransfer: 'Rozpatrzonego pisma nie można przekazać.',
  notResolved: 'Wznowić można tylko rozpatrzone pismo.',
  tooManyReopenings: `Pismo można wznowić najwyżej ${MAX_REOPENINGS} razy.`,
  staleDaysInvalid: `Liczba dni roboczych musi być liczbą całkowitą od ${STALE_WORKING_DAYS_MIN} do ${STALE_WORKING_DAYS_MAX}.`,
  reopenDaysInvalid: `Liczba dni musi być liczbą całkowitą od ${REOPEN_WINDOW_DAYS_MIN} do ${REOPEN_WINDOW_DAYS_MAX}.`,
};
