// The office's desk (issue 33): staff's case lists beyond the spec's pending list, and internal
// notes on conversations and cases. Limits, views and the English messages; no zod.

/** The longest internal note, in characters: a longer one is refused (400), never cut. */
export const INTERNAL_NOTE_MAX = 2_000;

/**
 * Staff's case lists beside the spec's 'Pending Case Resolutions': cases in progress (with who
 * handles them), the caller's own in progress, decided ones (RESOLVED or REJECTED), open cases on
 * appeal, and cases waiting for the citizen's supplement (issue 32 point 8).
 */
export const STAFF_CASE_VIEWS = ['in-progress', 'mine', 'decided', 'appeals', 'waiting'] as const;
export type StaffCaseView = (typeof STAFF_CASE_VIEWS)[number];

/** Rows per page of a staff case list: default and upper bound. */
export const STAFF_CASE_PAGE_SIZE = 20;
export const STAFF_CASE_PAGE_SIZE_MAX = 100;

/**
 * The letter queue's order (issue 33 point 2), an optional parameter of the spec's
 * GET /api/conversations: 'due' lists by the date the answer is due, the earliest (so the overdue)
 * first; without it the list keeps its newest-first order.
 */
export const CONVERSATION_ORDERS = ['due'] as const;
export type ConversationOrder = (typeof CONVERSATION_ORDERS)[number];
/** The most conversations one queue call answers with `limit`. */
export const CONVERSATION_LIMIT_MAX = 500;

/** The server's wording for notes and the queue's filters (the spec words none of it). */
export const deskMessages = {
  noteRequired: 'Write the note.',
  noteTooLong: `A note must be at most ${INTERNAL_NOTE_MAX} characters.`,
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  rangeReversed: 'The start of the range must not be after its end.',
  limitInvalid: `Ask for 1 to ${CONVERSATION_LIMIT_MAX} conversations.`,
} as const;
