// The office's late terms (issue 32 points 5 and 6): the warnings a clerk gets before a term runs
// out, the delay notice the office owes the citizen once it ran out (KPA art. 36), and the
// citizen's prompt ("ponaglenie", art. 37) with the admin's answer. Limits and English words; no zod.

/** What the queues show beside a matter: due soon (75 % of its term or its last 3 working days) or overdue. */
export const DEADLINE_STATES = ['due-soon', 'overdue'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number] | null;

/** The clerk's bell entries, once each per matter and due date: at 75 %, on the last 3 working days, once missed. */
export const DEADLINE_WARNINGS = ['three-quarters', 'last-days', 'overdue'] as const;
export type DeadlineWarning = (typeof DEADLINE_WARNINGS)[number];

/** The two kinds of matter the clock runs for. */
export const TERMED_MATTER_KINDS = ['letter', 'case'] as const;
export type TermedMatterKind = (typeof TERMED_MATTER_KINDS)[number];

/** The reason in a delay notice or a prompt's answer: the citizen reads it. */
export const DELAY_REASON_MAX = 1_000;
/** A prompt is short (art. 37 §2 asks only for a justification). */
export const PROMPT_TEXT_MAX = 500;
/** At most one prompt per matter in this many days. */
export const PROMPT_INTERVAL_DAYS = 7;
/** The admin answers a prompt within this many days (art. 37 §6). */
export const PROMPT_ANSWER_DAYS = 7;

/** The server's words for the late-term routes. */
export const deadlineMessages = {
  reasonRequired: 'Write why the matter was not handled in its term.',
  reasonTooLong: `The reason cannot exceed ${DELAY_REASON_MAX} characters.`,
  newDateInvalid: 'Give the new date as a calendar date (YYYY-MM-DD).',
  newDateNotLater: 'The new date must be after today and after the date it replaces.',
  newDateNotWorkingDay: 'The new date must be a working day (not a Saturday, Sunday or public holiday).',
  promptRequired: 'Write what you ask the office to do.',
  promptTooLong: `A prompt cannot exceed ${PROMPT_TEXT_MAX} characters.`,
  answerRequired: 'Write the answer to the prompt.',
  noticeRequired: 'This matter\'s term has passed: send the citizen the delay notice (KPA art. 36) with a new date before you reply or decide.',
  notOverdue: 'This matter is still within its term; a prompt can be sent once the term has passed.',
  matterClosed: 'This matter is already handled; it needs no notice or prompt.',
  promptTooSoon: `A prompt was sent about this matter in the last ${PROMPT_INTERVAL_DAYS} days.`,
  promptAnswered: 'This prompt has already been answered.',
  notOverdueNotice: 'This matter is still within its term; a delay notice is sent once the term has passed.',
} as const;

/** The 409s that add from when a prompt is possible, in the reader's language: refusals.ts. */
