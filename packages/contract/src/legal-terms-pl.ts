import type { legalTermMessages } from './legal-terms.js';
import { COMPLICATED_REASON_MAX, TERM_MONTHS_MAX, TERM_MONTHS_MIN } from './legal-terms.js';
import type { PolishTexts } from './polish.js';

// legal-terms.ts's messages in Polish (the web loads them only for a reader of Polish).

/** legalTermMessages in Polish, key for key. */
export const legalTermMessagesPl: PolishTexts<typeof legalTermMessages> = {
  monthsInvalid: `Termin to pełna liczba miesięcy od ${TERM_MONTHS_MIN} do ${TERM_MONTHS_MAX}.`,
  complicatedNotLonger: 'Termin sprawy szczególnie skomplikowanej musi być dłuższy niż termin zwykły.',
  reasonRequired: 'Proszę podać, dlaczego sprawa jest szczególnie skomplikowana.',
  reasonTooLong: `Uzasadnienie może mieć najwyżej ${COMPLICATED_REASON_MAX} znaków.`,
  alreadyComplicated: 'Sprawa jest już oznaczona jako szczególnie skomplikowana; jej termin przedłużono.',
  caseDecided: 'Sprawa została rozstrzygnięta; jej terminu nie można już przedłużyć.',
  duplicateEntry: 'Każdy wydział i każdy rodzaj sprawy może wystąpić tylko raz.',
};
