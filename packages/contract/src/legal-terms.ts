// The office's legal clock (issue 32 point 4): the terms the admin sets per department (letters)
// and per case type (cases), and the words of the routes that set and extend them. The
// arithmetic itself (KPA art. 57 and 35) runs on the server; a client only shows its dates.

/** KPA art. 237 §1 (complaints and requests) and art. 35 §3 (a case): within a month. */
export const DEFAULT_LETTER_TERM_MONTHS = 1;
export const DEFAULT_CASE_TERM_MONTHS = 1;
/** Art. 35 §3: a particularly complicated case, within two months. */
export const DEFAULT_COMPLICATED_TERM_MONTHS = 2;
/** The admin sets whole months in these bounds (KPA's terms are one or two months). */
export const TERM_MONTHS_MIN = 1;
export const TERM_MONTHS_MAX = 12;
/** The clerk's reason a case is particularly complicated: it goes to the citizen and the audit trail. */
export const COMPLICATED_REASON_MAX = 1000;

/** The server's words for the terms' routes. */
export const legalTermMessages = {
  monthsInvalid: `A term is a whole number of months from ${TERM_MONTHS_MIN} to ${TERM_MONTHS_MAX}.`,
  complicatedNotLonger: 'The term of a particularly complicated case must be longer than the ordinary term.',
  reasonRequired: 'Write why the case is particularly complicated.',
  reasonTooLong: `The reason cannot exceed ${COMPLICATED_REASON_MAX} characters.`,
  alreadyComplicated: 'This case is already particularly complicated; its term was extended once.',
  caseDecided: 'This case is decided; its term can no longer be extended.',
  duplicateEntry: 'Each department or case type may appear only once.',
} as const;
