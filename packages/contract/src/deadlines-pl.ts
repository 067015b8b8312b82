import type { deadlineMessages } from './deadlines.js';
import { DELAY_REASON_MAX, PROMPT_INTERVAL_DAYS, PROMPT_TEXT_MAX } from './deadlines.js';
import { POLISH_CHARACTERS, type PolishTexts, polishCount } from './polish.js';

// deadlines.ts's messages in Polish (the web loads them only for a reader of Polish).

/** deadlineMessages in Polish, key for key. */
export const deadlineMessagesPl: PolishTexts<typeof deadlineMessages> = {
  reasonRequired: 'Proszę podać, dlaczego sprawa nie została załatwiona w terminie.',
  reasonTooLong: `Uzasadnienie może mieć najwyżej ${polishCount(DELAY_REASON_MAX, POLISH_CHARACTERS)}.`,
  newDateInvalid: 'Nowy termin należy podać jako datę (RRRR-MM-DD).',
  newDateNotLater: 'Nowy termin musi przypadać po dniu dzisiejszym i po terminie, który zastępuje.',
  newDateNotWorkingDay: 'Nowy termin musi przypadać w dniu roboczym (nie w sobotę, niedzielę ani święto).',
  promptRequired: 'Proszę napisać, o co prosisz urząd.',
  promptTooLong: `Ponaglenie może mieć najwyżej ${polishCount(PROMPT_TEXT_MAX, POLISH_CHARACTERS)}.`,
  answerRequired: 'Proszę wpisać odpowiedź na ponaglenie.',
  noticeRequired: 'Termin załatwienia tej sprawy minął: przed odpowiedzią lub decyzją należy wysłać zawiadomienie o zwłoce (art. 36 KPA) z nowym terminem.',
  notOverdue: 'Sprawa jest jeszcze w terminie; ponaglenie można wnieść po jego upływie.',
  matterClosed: 'Sprawa jest już załatwiona; nie wymaga zawiadomienia ani ponaglenia.',
  promptTooSoon: `W ciągu ostatnich ${PROMPT_INTERVAL_DAYS} dni wysłano już ponaglenie w tej sprawie.`,
  promptAnswered: 'Na to ponaglenie już odpowiedziano.',
  notOverdueNotice: 'Sprawa jest jeszcze w terminie; zawiadomienie o zwłoce wysyła się po jego upływie.',
};
