// Handing work on (issue 33 points 6 and 7) and a citizen reopening a resolved letter (issue 32
// point 8): limits, the admin's settings and their bounds, and the server's English words. No zod.
import { writeCalendarDate } from './dates.js';

/** A transfer's, a release's and a reopening's reason, in characters: the citizen or the clerk reads it. */
export const HANDOFF_REASON_MAX = 1_000;

/** The admin's settings: how many working days without a staff action make an assignment stale. */
export const DEFAULT_STALE_WORKING_DAYS = 5;
export const STALE_WORKING_DAYS_MIN = 1;
export const STALE_WORKING_DAYS_MAX = 60;
/** How many days after a letter is resolved its citizen may reopen it. */
export const DEFAULT_REOPEN_WINDOW_DAYS = 14;
export const REOPEN_WINDOW_DAYS_MIN = 1;
export const REOPEN_WINDOW_DAYS_MAX = 90;
/** Issue 32: reopenings per conversation, at most. */
export const MAX_REOPENINGS = 3;

/** What happened to an assignment: a transfer, an admin's release back to the queue, a citizen's reopening. */
export const HANDOFF_KINDS = ['transfer', 'release', 'reopen'] as const;
export type HandoffKind = (typeof HANDOFF_KINDS)[number];

/** The server's words for handing work on and reopening (the spec words none of it). */
export const handoffMessages = {
  reasonRequired: 'Write the reason.',
  reasonTooLong: `The reason cannot exceed ${HANDOFF_REASON_MAX} characters.`,
  oneTarget: 'Choose either a department or a colleague.',
  notActiveEmployee: 'Choose an active employee.',
  sameDepartment: 'The letter is already with this department.',
  sameHandler: 'This person already handles it.',
  notHandled: 'Only a letter or case in progress can be handed on or released.',
  resolvedNoTransfer: 'A resolved letter cannot be transferred.',
  notResolved: 'Only a resolved letter can be reopened.',
  tooManyReopenings: `A letter can be reopened at most ${MAX_REOPENINGS} times.`,
  staleDaysInvalid: `Working days must be a whole number from ${STALE_WORKING_DAYS_MIN} to ${STALE_WORKING_DAYS_MAX}.`,
  reopenDaysInvalid: `Days must be a whole number from ${REOPEN_WINDOW_DAYS_MIN} to ${REOPEN_WINDOW_DAYS_MAX}.`,
} as const;

/** The 409 after the reopening window: why, and from when (the last day it was open). */
export const reopenWindowEndedMessage = (lastDay: string, language: 'en' | 'pl'): string =>
  language === 'pl'
    ? `Pismo można było wznowić do ${writeCalendarDate(lastDay, 'pl')} r.; ten termin minął.`
    : `This letter could be reopened until ${writeCalendarDate(lastDay, 'en')}; that time has passed.`;
