// The portal's events: one per state change, the one vocabulary the audit trail, the receipts, the
// notifications and the live updates hear (issue 31). Plain types and functions, no zod: the web
// may import them too. The references below name a matter the same way on every channel.
import type { CaseStatus } from './cases.js';
import type { VehicleRegistrationDTO } from './cases-schemas.js';
import type { CaseFacts, LetterFacts } from './event-facts.js';
import type { MatterStepEvent } from './events-matters.js';
import type { Department } from './letters.js';
import type { Language } from './notifications.js';
import type { PaymentStatus } from './obligations.js';
import type { MessageResponse } from './realtime-schemas.js';
import type { SecondFactorChange } from './two-factor.js';

/** A letter's one reference on every channel and in both languages: `L-4`. */
export const letterReference = (letterId: number): string => `L-${letterId}`;
/** A case's one reference on every channel and in both languages: `C-4`. */
export const caseReference = (caseId: number): string => `C-${caseId}`;
/** A reference with the matter's subject or case name beside it: `L-4: Broken street lamp`. */
export const referenceWithName = (reference: string, name: string): string => `${reference}: ${name}`;

/** What every event says of itself: when (the server's clock), who caused it, in which language they asked. */
interface EventBase {
  /** ISO 8601, the server's clock. */
  at: string;
  /** The account whose request made the change. */
  actorId: number;
  /** The language of that request: a recipient who never chose one and made the request reads in it. */
  actorLanguage: Language;
}

/** How a citizen pays an obligation by transfer (the office's account configured); null: see the portal. */
export interface TransferHint {
  accountNumber: string;
  recipientName: string;
  title: string;
}

/** An account's fields as the audit trail keeps them: everything the admin entered but the password. */
export interface AccountSnapshot {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  phoneNumber: string | null;
  dateOfBirth: string | null;
  enabled: boolean;
}

/**
 * Why an account's sessions ended: its holder signed out everywhere else, an admin ended a staff
 * member's sessions, or an admin's reset of the person's second factor signed them out.
 */
/** `signed-out`: the person signed this session out (POST /logout). */
export type SessionsEndedCause = 'signed-out' | 'signed-out-elsewhere' | 'ended-by-admin' | 'second-factor-reset';

/** A reply template as the audit trail keeps it. */
export interface ReplyTemplateSnapshot {
  name: string;
  language: 'pl' | 'en';
  scope: 'DEPARTMENT' | 'PERSONAL';
  department: Department | null;
  ownerId: number | null;
  text: string;
}

export type PortalEvent = EventBase &
  (
    | (LetterFacts & {
        type: 'letter-sent';
        department: Department;
        content: string;
      })
    | (LetterFacts & { type: 'conversation-taken'; employeeId: number })
    | (LetterFacts & {
        type: 'conversation-resolved';
        employeeId: number;
        resolvedDate: string;
      })
    /** The citizen rated the answer to a resolved letter (issue 32 point 8), in the portal or from the email's link. */
    | (LetterFacts & {
        type: 'letter-rated';
        helpful: boolean;
        hasComment: boolean;
        via: 'portal' | 'email-link';
      })
    | (LetterFacts & {
        type: 'message-sent';
        message: MessageResponse;
        /** Both parties (the citizen, and the employee once one took it). */
        participants: readonly number[];
      })
    | {
        /**
         * A participant read the conversation up to a message (issue 35): the replies they saw on
         * screen are no longer unread in their list, and no email is queued for them.
         */
        type: 'conversation-read';
        conversationId: number;
        userId: number;
        lastReadMessageId: number;
      }
    | (CaseFacts & {
        type: 'case-submitted';
        comments: string | null;
        vehicle: VehicleRegistrationDTO | null;
      })
    | (CaseFacts & {
        type: 'case-status-changed';
        before: CaseStatus;
        after: CaseStatus;
        reason: string | null;
        /** Who handles the case before and after (issue 33): IN_PROGRESS makes the clerk its handler, PENDING none. */
        handler: { before: number | null; after: number | null };
      })
    /** A member of staff left an internal note (issue 33): staff only, never told to the citizen. */
    | (CaseFacts & { type: 'case-note-added'; noteId: number; body: string })
    | (LetterFacts & {
        type: 'conversation-note-added';
        noteId: number;
        body: string;
      })
    | (CaseFacts & {
        /** A clerk found the case particularly complicated (KPA art. 35 §3): a longer term, with the reason. */
        type: 'case-term-extended';
        reason: string;
        beforeMonths: number;
        months: number;
        /** The new last day of the term, YYYY-MM-DD in Warsaw, or null while the office waits for the citizen. */
        dueDate: string | null;
      })
    | MatterStepEvent
    | (CaseFacts & {
        type: 'document-added';
        documentUuid: string;
        name: string;
        size: number;
        sha256: string;
      })
    | {
        type: 'obligation-created';
        obligationId: number;
        ownerId: number;
        /** Decimal text with two places, e.g. "1234.50". */
        amount: string;
        dueDate: string;
        issueDate: string;
        paymentStatus: PaymentStatus;
        description: string | null;
        transfer: TransferHint | null;
      }
    | {
        /** A reply template (issue 33 point 4) was created, changed or deleted: before and after for the audit trail. */
        type: 'reply-template-changed';
        change: 'created' | 'updated' | 'deleted';
        templateId: number;
        before: ReplyTemplateSnapshot | null;
        after: ReplyTemplateSnapshot | null;
      }
    | {
        /** The admin changed the terms of letters (per department) or of cases (per case type). */
        type: 'legal-terms-changed';
        scope: 'letters' | 'cases';
        before: readonly Record<string, string | number>[];
        after: readonly Record<string, string | number>[];
      }
    | { type: 'account-registered'; userId: number; account: AccountSnapshot }
    | { type: 'account-activated' | 'account-deactivated'; userId: number }
    | {
        /** A citizen asked to close their account, withdrew that request, or an admin refused it (issue 35). */
        type: 'account-closure-requested' | 'account-closure-withdrawn';
        userId: number;
      }
    | { type: 'account-closure-refused'; userId: number; reason: string }
    | {
        /**
         * An admin closed the account (issue 35): emitted after its personal fields were erased in the
         * same transaction, so it carries the one address the farewell email goes to.
         */
        type: 'account-closed';
        userId: number;
        pseudonym: string;
        farewell: { email: string; firstName: string; language: Language };
      }
    | {
        /** Sessions of an account ended (its open sockets are then checked and closed at once). */
        type: 'sessions-ended';
        userId: number;
        /** How many live sessions ended; null: every token of the account, however many (a reset). */
        sessions: number | null;
        cause: SessionsEndedCause;
      }
    | {
        /** A second factor added or removed, or wrong codes that paused code sign-in (issue 34). */
        type: 'second-factor-changed';
        userId: number;
        change: SecondFactorChange;
        /** Tells of it once only (one notice per pause of code sign-in). */
        onceKey?: string;
      }
    | {
        /** A password changed by its owner, or set through an admin-sent reset link (issue 35). */
        type: 'password-changed';
        userId: number;
        how: 'changed' | 'reset';
        /** The session that changed it stays signed in (null: every session ends). */
        keepSession: string | null;
      }
    | {
        /** An admin sent a password-reset link to the account (issue 35): the link itself is never in an event. */
        type: 'password-reset-sent';
        userId: number;
        expiresAt: string;
      }
  );

export type PortalEventType = PortalEvent['type'];
export type PortalEventOf<T extends PortalEventType> = Extract<PortalEvent, { type: T }>;

/** Every event type, once: a subscriber (or a test) can check it maps each. */
export const PORTAL_EVENT_TYPES = [
  'letter-sent',
  'conversation-taken',
  'conversation-resolved',
  'letter-rated',
  'message-sent',
  'conversation-read',
  'case-submitted',
  'case-status-changed',
  'case-term-extended',
  'matter-delay-notified',
  'matter-prompted',
  'prompt-answered',
  'matter-deadline-warning',
  'document-added',
  'case-decision-delivered',
  'case-supplement-requested',
  'case-supplement-answered',
  'case-appealed',
  'case-note-added',
  'conversation-note-added',
  'conversation-transferred',
  'conversation-released',
  'conversation-reopened-by-citizen',
  'case-reassigned',
  'case-released',
  'desk-settings-changed',
  'obligation-created',
  'legal-terms-changed',
  'reply-template-changed',
  'account-registered',
  'account-activated',
  'account-deactivated',
  'account-closed',
  'sessions-ended',
  'second-factor-changed',
  'password-changed',
  'password-reset-sent',
  'account-closure-requested',
  'account-closure-withdrawn',
  'account-closure-refused',
] as const satisfies readonly PortalEventType[];

/** The matter an event is about, by its one reference, or null (an account's events). */
export function referenceOfEvent(event: PortalEvent): string | null {
  if ('letterId' in event) return letterReference(event.letterId);
  if ('caseId' in event) return caseReference(event.caseId);
  return null;
}

/**
 * THE rule of the language a person's receipts, emails and portal entries are written in: the one
 * they chose (the web's language switch stores it); if they never chose, the language of their
 * own request when they made the change; English otherwise. Never the language of a clerk who
 * decided about them.
 */
export function recipientLanguage(stored: string | null | undefined, ownRequestLanguage?: Language): Language {
  if (stored === 'pl' || stored === 'en') return stored;
  return ownRequestLanguage ?? 'en';
}

/** The request's language for `recipientId` when they made the change `event` (see recipientLanguage). */
export const ownRequestLanguageOf = (event: Pick<EventBase, 'actorId' | 'actorLanguage'>, recipientId: number): Language | undefined =>
  event.actorId === recipientId ? event.actorLanguage : undefined;
