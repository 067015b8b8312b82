// "My matters" (issue 32 point 1): every letter, case and obligation of one citizen on one list.
// The kinds, the three states a person filters by and the rule that puts a matter in one of them,
// the one-sentence next steps, limits and the server's words. No zod (matters-schemas.ts).
import type { CaseStatus } from './case-kinds.js';
import type { ConversationStatus } from './letters.js';
import type { PaymentStatus } from './obligations.js';

export const MATTER_KINDS = ['letter', 'case', 'obligation'] as const;
export type MatterKind = (typeof MATTER_KINDS)[number];

/** Whose move it is: the office's, the citizen's, or nobody's any more. */
export const MATTER_STATES = ['waiting-for-office', 'waiting-for-me', 'closed'] as const;
export type MatterState = (typeof MATTER_STATES)[number];

/** Every status a matter of any kind may have (a letter's conversation, a case, a payment). */
export const MATTER_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'PENDING', 'REJECTED', 'PAID', 'OVERDUE'] as const;
export type MatterStatus = (typeof MATTER_STATUSES)[number];

/** Rows per page: default and upper bound. */
export const MATTER_PAGE_SIZE = 20;
export const MATTER_PAGE_SIZE_MAX = 50;
/** The search box reads a reference or words of a subject: longer text is a slip, refused. */
export const MATTER_SEARCH_MAX = 100;

/** What decides a matter's state, of each kind. */
export type MatterFacts =
  /** `lastWordFromOffice`: the conversation's newest chat message was written by staff. */
  | { kind: 'letter'; status: ConversationStatus; lastWordFromOffice: boolean }
  /**
   * `waitingForCitizen`: a request to supplement is not answered yet (the office's clock stands);
   * `onAppeal`: the case is undecided again because its latest decision was appealed.
   */
  | { kind: 'case'; status: CaseStatus; waitingForCitizen?: boolean; onAppeal?: boolean }
  | { kind: 'obligation'; status: PaymentStatus };

/**
 * The one rule of the three states:
 * - closed: a RESOLVED letter, a decided case (RESOLVED or REJECTED), a PAID obligation;
 * - waiting for me: an unpaid obligation (PENDING or OVERDUE), a letter in progress whose newest
 *   message is the clerk's (they answered and wait for the citizen), an undecided case the office
 *   asked the citizen to supplement (its clock stands until they answer);
 * - waiting for the office: everything else, i.e. an OPEN letter, a letter in progress with no
 *   message or the citizen's last, a PENDING or IN_PROGRESS case (also one on appeal).
 */
export function matterStateOf(facts: MatterFacts): MatterState {
  switch (facts.kind) {
    case 'letter':
      if (facts.status === 'RESOLVED') return 'closed';
      return facts.status === 'IN_PROGRESS' && facts.lastWordFromOffice ? 'waiting-for-me' : 'waiting-for-office';
    case 'case':
      if (facts.status === 'RESOLVED' || facts.status === 'REJECTED') return 'closed';
      return facts.waitingForCitizen ? 'waiting-for-me' : 'waiting-for-office';
    case 'obligation':
      return facts.status === 'PAID' ? 'closed' : 'waiting-for-me';
  }
}

/** The keys of the one sentence "what happens next" (matterNextSteps). */
export const MATTER_NEXT_STEPS = [
  'letterWaitsForClerk',
  'letterBeingAnswered',
  'letterAnswered',
  'letterResolved',
  'caseWaitsForClerk',
  'caseBeingExamined',
  'caseWaitsForYou',
  'caseOnAppeal',
  'caseResolved',
  'caseRejected',
  'obligationToPay',
  'obligationOverdue',
  'obligationPaid',
] as const;
export type MatterNextStep = (typeof MATTER_NEXT_STEPS)[number];

/** A matter's next step from its facts; `overdue` is an unpaid obligation past its due date. */
export function matterNextStepOf(facts: MatterFacts, overdue: boolean): MatterNextStep {
  switch (facts.kind) {
    case 'letter':
      if (facts.status === 'OPEN') return 'letterWaitsForClerk';
      if (facts.status === 'RESOLVED') return 'letterResolved';
      return facts.lastWordFromOffice ? 'letterAnswered' : 'letterBeingAnswered';
    case 'case':
      if (facts.status === 'PENDING' || facts.status === 'IN_PROGRESS') {
        // The citizen's move first: an appealed case can be asked to be supplemented too.
        if (facts.waitingForCitizen) return 'caseWaitsForYou';
        if (facts.onAppeal) return 'caseOnAppeal';
      }
      return ({ PENDING: 'caseWaitsForClerk', IN_PROGRESS: 'caseBeingExamined', RESOLVED: 'caseResolved', REJECTED: 'caseRejected' } as const)[facts.status];
    case 'obligation':
      if (facts.status === 'PAID') return 'obligationPaid';
      return overdue || facts.status === 'OVERDUE' ? 'obligationOverdue' : 'obligationToPay';
  }
}

/** What happens next, one sentence each (the date it is due by stands beside it on the screen). */
export const matterNextSteps: Record<MatterNextStep, string> = {
  letterWaitsForClerk: 'A clerk of the department will take your letter and answer it.',
  letterBeingAnswered: 'The clerk handling your letter will answer you in its conversation.',
  letterAnswered: 'The clerk has answered: read the reply and write back if you need to.',
  letterResolved: 'The conversation is resolved; nothing more is needed from you.',
  caseWaitsForClerk: 'A clerk will take up your case and examine it.',
  caseBeingExamined: 'A clerk is examining your case and will decide it.',
  caseWaitsForYou: 'The office has asked you to supplement your case: answer on the case’s page.',
  caseOnAppeal: 'The office is examining your appeal and will decide the case again.',
  caseResolved: 'The office has resolved your case; the decision is on the case’s page.',
  caseRejected: 'The office has rejected your case; the reason, and whether you may appeal, are on the case’s page.',
  obligationToPay: 'Pay the amount by its due date; the payment details are on the obligation’s page.',
  obligationOverdue: 'The due date has passed: pay the amount as soon as you can.',
  obligationPaid: 'Paid; nothing more is needed from you.',
};

/** The server's words for a bad query. */
export const matterMessages = {
  kindInvalid: 'Kind must be letter, case or obligation.',
  stateInvalid: 'State must be waiting-for-office, waiting-for-me or closed.',
  searchTooLong: `Search text must be at most ${MATTER_SEARCH_MAX} characters.`,
  pageInvalid: 'Page must be a whole number from 1.',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${MATTER_PAGE_SIZE_MAX}.`,
} as const;
