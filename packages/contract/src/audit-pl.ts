import type { auditApiMessages } from './audit.js';
import type { PolishTexts } from './polish.js';

// audit.ts's messages in Polish, in a file of their own: the web loads them only for a reader of Polish.

/** auditApiMessages in Polish, key for key (the web's second language; the English in audit.ts is the spec's). */
export const auditApiMessagesPl: PolishTexts<typeof auditApiMessages> = {
  rangeReversed: 'Początek zakresu nie może być późniejszy niż jego koniec.',
};
