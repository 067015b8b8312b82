// The events of a matter's later steps (issues 32 and 33): the legal clock's notices and prompts,
// handing work on, and answering back on a case. Part of events.ts's PortalEvent.
import type { CaseStatus } from './cases.js';
import type { DeadlineWarning } from './deadlines.js';
import type { CaseFacts, LetterFacts } from './event-facts.js';
import type { DeskSettings } from './handoffs-schemas.js';
import type { ConversationStatus, Department } from './letters.js';

export type MatterStepEvent =
  | ((LetterFacts | CaseFacts) & {
      /**
       * Staff told the citizen the matter was not handled in its term (KPA art. 36), with the reason
       * and a new date, which becomes its due date; the notice says they may send a prompt (art. 37).
       */
      type: 'matter-delay-notified';
      noticeId: number;
      reason: string;
      newDueDate: string;
      previousDueDate: string | null;
    })
  | ((LetterFacts | CaseFacts) & {
      /** The citizen prompted the office about an overdue matter (art. 37); the admins hear of it. */
      type: 'matter-prompted';
      promptId: number;
      text: string;
      /** The last day an admin has to answer (7 days, art. 37 §6). */
      answerBy: string;
      /** Who answers: the admins when the prompt was sent. */
      adminIds: readonly number[];
    })
  | ((LetterFacts | CaseFacts) & {
      /** An admin answered a prompt: the reason, and the new due date unless the answer is the decision. */
      type: 'prompt-answered';
      promptId: number;
      reason: string;
      newDueDate: string | null;
    })
  | ((LetterFacts | CaseFacts) & {
      /**
       * A matter reached a warning threshold of its term (issue 32 point 5): its clerk, or every
       * clerk while nobody took it, gets one bell entry. The schedule is the actor (actorId 0).
       */
      type: 'matter-deadline-warning';
      warning: DeadlineWarning;
      dueDate: string;
      recipientIds: readonly number[];
    })
  /**
   * Handing work on (issue 33): a letter sent to another department (back to its open queue) or
   * to a colleague, with the reason its citizen reads; the term does not restart.
   */
  | (LetterFacts & {
      type: 'conversation-transferred';
      reason: string;
      department: { before: Department; after: Department };
      employee: { before: number | null; after: number | null };
      status: { before: ConversationStatus; after: ConversationStatus };
    })
  /** An admin released a stale assignment back to the open queue (issue 33 point 7). */
  | (LetterFacts & {
      type: 'conversation-released';
      reason: string;
      department: Department;
      formerEmployeeId: number;
    })
  /**
   * The citizen reopened a resolved letter (issue 32 point 8): back to the clerk who had it, or to
   * the open queue when that clerk is no longer active; `reopening` counts from 1.
   */
  | (LetterFacts & {
      type: 'conversation-reopened-by-citizen';
      reason: string;
      employeeId: number | null;
      status: 'IN_PROGRESS' | 'OPEN';
      reopening: number;
    })
  /** An admin gave a case in progress to another employee (issue 33 point 6). */
  | (CaseFacts & {
      type: 'case-reassigned';
      reason: string;
      handler: { before: number; after: number };
    })
  /** An admin released a stale case back to the pending list (issue 33 point 7). */
  | (CaseFacts & {
      type: 'case-released';
      reason: string;
      formerHandlerId: number;
      before: CaseStatus;
      after: CaseStatus;
    })
  /** The admin changed the stale-assignment days or the reopening window. */
  | { type: 'desk-settings-changed'; before: DeskSettings; after: DeskSettings }
  /** The citizen first opened the case's decision (issue 32 point 7): its delivery, with a receipt. */
  | (CaseFacts & {
      type: 'case-decision-delivered';
      decisionId: number;
      decision: CaseStatus;
      decidedAt: string;
    })
  /** Staff asked the citizen to supplement the case (art. 35 §5: the office's clock pauses from now). */
  | (CaseFacts & {
      type: 'case-supplement-requested';
      supplementId: number;
      message: string;
      documentsNeeded: readonly string[];
    })
  /** The citizen answered a request to supplement (the clock resumes); `requestedBy` is told. */
  | (CaseFacts & {
      type: 'case-supplement-answered';
      supplementId: number;
      requestedBy: number;
      answer: string;
      /** Names of the PDFs the answer attached. */
      documents: readonly string[];
    })
  /** The citizen appealed a rejection (KPA art. 129 §2): the case is back in the office's lists (PENDING). */
  | (CaseFacts & {
      type: 'case-appealed';
      appealId: number;
      decisionId: number;
      /** The clerk who made the decision appealed, told of it (null: nobody to tell by name). */
      deciderId: number | null;
      text: string;
      documents: readonly string[];
      before: CaseStatus;
      after: CaseStatus;
      /** The new term's last day, YYYY-MM-DD in Warsaw. */
      dueDate: string | null;
    });
