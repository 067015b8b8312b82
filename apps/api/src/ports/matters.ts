import type { CaseStatus, CaseType, ConversationListItem, ConversationResponse, ConversationStatus, DeskSettings, ObligationResponse, PaymentStatus, StaleAssignment } from '@portal/contract';
import type { AuthUser } from '../plugins/auth/index.js';

/*
 * A citizen's matters as the contact panel (modules/contacts), "My matters" (modules/matters,
 * issue 32) and the reply templates (issue 33) ask for them, each from the module that owns it;
 * the letters, cases and obligations services satisfy these.
 */

export interface LettersPort {
  /** A citizen's conversations; the unread counts are the caller's. */
  listUserConversations(caller: AuthUser, userId: number): Promise<ConversationListItem[]>;
  /** One conversation as staff read it (the reply templates fill their placeholders from it, issue 33). */
  findConversation(id: number): Promise<ConversationResponse | undefined>;
  /** "My matters": each letter's state facts, last activity and due date, in one query. */
  listMatterFacts(userId: number): Promise<LetterMatterFacts[]>;
}

/** A letter as "My matters" needs it. */
export interface LetterMatterFacts {
  conversationId: number;
  letterId: number;
  subject: string;
  status: ConversationStatus;
  /** ISO 8601: the newest of its arrival, its taking, its resolution and its newest message. */
  lastActivityAt: string;
  /** The newest chat message is not the citizen's (staff answered). */
  lastWordFromOffice: boolean;
  dueDate: string | null;
}

export interface CasesPort {
  /** A citizen's own cases in any status, newest first (the fields the panel shows). */
  listForUser(userId: number): Promise<{ id: number; caseType: CaseType; vehicleNumberPlate: string | null; status: CaseStatus; submissionDate: string }[]>;
  /** "My matters": each case's status, last activity and due date, in one query. */
  listMatterFacts(userId: number): Promise<CaseMatterFacts[]>;
}

/** A case as "My matters" needs it. */
export interface CaseMatterFacts {
  id: number;
  caseType: CaseType;
  vehicleNumberPlate: string | null;
  status: CaseStatus;
  /** ISO 8601: the newest of its submission, a status change, a request to supplement, its answer, an appeal. */
  lastActivityAt: string;
  /** The office's term as the case's screen counts it; null while it waits for the citizen. */
  dueDate: string | null;
  /** Undecided, with a request to supplement not answered yet. */
  waitingForCitizen: boolean;
  /** Undecided again because its latest decision was appealed. */
  onAppeal: boolean;
}

export interface ObligationsPort {
  listFor(userId: number): Promise<ObligationResponse[]>;
  /** "My matters": each obligation without its transfer details, in one indexed query. */
  listMatterFacts(userId: number): Promise<ObligationMatterFacts[]>;
}

/** An obligation as "My matters" needs it. */
export interface ObligationMatterFacts {
  id: number;
  description: string | null;
  amount: string;
  paymentStatus: PaymentStatus;
  dueDate: string;
  createdAt: string;
}

/**
 * The newest thing a citizen may read of a letter (its id, `L-n`) or a case: a delay notice, an
 * answer to a prompt, a rating... anything the timeline heard, which the owning module's own
 * columns do not all hold.
 */
export interface MatterActivity {
  matter: 'letter' | 'case';
  matterId: number;
  /** ISO 8601. */
  at: string;
}

export interface TimelinePort {
  /** One row per matter of the citizen that has a timeline, staff-only entries left out. */
  latestForOwner(ownerId: number): Promise<MatterActivity[]>;
}

/** The admins' stale list (modules/handoffs, issue 33): the letters module's setting and stale letters. */
export interface StaleLettersPort {
  deskSettings(): Promise<DeskSettings>;
  staleConversations(): Promise<StaleAssignment[]>;
}

/** The cases in progress nobody on the staff acted on for `workingDays` working days. */
export interface StaleCasesPort {
  staleCases(workingDays: number): Promise<StaleAssignment[]>;
}
