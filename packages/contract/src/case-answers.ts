// Answering back on a case (issue 32 points 7 and 8): the delivery of a decision, a clerk's request
// to supplement a case (the office's clock pauses, KPA art. 35 §5) and the citizen's answer, and an
// appeal of a rejection (KPA art. 129 §2). Limits, numbers and the English messages; no zod.

/** A decision not opened counts as delivered on this day after it was made (like e-Doręczenia). */
export const DELIVERY_FICTION_DAYS = 14;
/** KPA art. 129 §2: an appeal within 14 days of the decision's delivery. */
export const APPEAL_DAYS = 14;
/** The clerk's request, the citizen's answer and the appeal's text, in characters. */
export const SUPPLEMENT_MESSAGE_MAX = 2_000;
export const SUPPLEMENT_ANSWER_MAX = 4_000;
export const APPEAL_TEXT_MAX = 4_000;
/** The documents a clerk may name in one request, each at most this long. */
export const SUPPLEMENT_DOCUMENTS_MAX = 10;
export const SUPPLEMENT_DOCUMENT_NAME_MAX = 200;

/** How a decision reached the citizen: they opened it, or 14 days passed. */
export const DELIVERY_WAYS = ['opened', 'deemed'] as const;
export type DeliveryWay = (typeof DELIVERY_WAYS)[number];

/** The server's words for these routes ('{{date}}' is filled with the date in the reader's language). */
export const caseAnswerMessages = {
  messageRequired: 'Write what the citizen should supplement.',
  messageTooLong: `The request must be at most ${SUPPLEMENT_MESSAGE_MAX} characters.`,
  documentNameRequired: 'Name each document needed, or remove the empty line.',
  documentNameTooLong: `A document's name must be at most ${SUPPLEMENT_DOCUMENT_NAME_MAX} characters.`,
  tooManyDocumentsNeeded: `Name at most ${SUPPLEMENT_DOCUMENTS_MAX} documents.`,
  answerRequired: 'Write your answer.',
  answerTooLong: `The answer must be at most ${SUPPLEMENT_ANSWER_MAX} characters.`,
  appealRequired: 'Write why you appeal.',
  appealTooLong: `The appeal must be at most ${APPEAL_TEXT_MAX} characters.`,
  documentNotOnCase: 'Each attached document must be one uploaded to this case.',
  caseDecided: 'This case is decided: the office can no longer ask to supplement it.',
  alreadyWaiting: 'The office already waits for the citizen on this case; one request at a time.',
  notWaiting: 'The office is not waiting for an answer on this case.',
  nothingToDeliver: 'This case has no decision to deliver yet.',
  notRejected: 'Only a rejected decision can be appealed.',
  alreadyAppealed: 'This decision was already appealed; an appeal is possible once per decision.',
  appealWindowClosed: 'The time to appeal ended on {{date}}.',
} as const;

/** The 409 of a late appeal with its date written out in the reader's language: refusals.ts. */
