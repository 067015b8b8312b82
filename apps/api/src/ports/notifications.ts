import type { CaseStatus, CaseType, DeadlineWarning, Language, SecondFactorChange, TransferHint } from '@portal/contract';
import type { Db } from '../db/database.js';

export type { TransferHint };

interface ObligationFacts {
  obligationId: number;
  /** Decimal string with two places, e.g. "1234.50". */
  amount: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  transfer: TransferHint | null;
  /** What the charge is for (the clerk's description); absent in events queued before it was carried. */
  description?: string | null;
}

/**
 * What happened, as stored in the outbox (payload_json) and rendered when sent. Only references
 * and facts: never a chat message's text or a document.
 */
/**
 * A matter's one reference (`L-4`, `C-4`: the contract's) as the portal entry shows it, and for a
 * letter its number and subject (issue 31); absent in events queued before they were carried.
 */
interface LetterNaming {
  letterId?: number;
  subject?: string;
  reference?: string;
}

/**
 * A letter or a case named as every channel names it (issue 32's late terms): the conversation's id
 * and the letter's number and subject, or the case's id, type and plate; with its reference.
 */
export interface MatterNaming {
  conversationId?: number;
  letterId?: number;
  subject?: string;
  caseId?: number;
  caseType?: CaseType;
  vehicleNumberPlate?: string | null;
  reference: string;
}

export type NotificationEvent =
  | ({ kind: 'letter-taken'; conversationId: number } & LetterNaming)
  | ({ kind: 'reply'; conversationId: number; messageId: number } & LetterNaming)
  /** `resolvedAt`: when the letter was resolved (its email's rating link expires 30 days later); absent in events queued before. */
  | ({ kind: 'conversation-resolved'; conversationId: number; resolvedAt?: string } & LetterNaming)
  /**
   * Handing work on (issue 33) and reopening (issue 32), worded in handoff-words.ts: to the
   * citizen (`to: 'citizen'`: their letter moved) or to the clerk concerned (the new handler, the
   * former one after a release, the clerk of a reopened letter), with the reason.
   */
  | ({ kind: 'conversation-transferred'; conversationId: number; to: 'citizen' | 'handler'; department: string; reason: string } & LetterNaming)
  | ({ kind: 'conversation-released'; conversationId: number; reason: string } & LetterNaming)
  | ({ kind: 'conversation-reopened'; conversationId: number; reason: string } & LetterNaming)
  | {
      kind: 'case-reassigned' | 'case-released';
      caseId: number;
      /** A reassignment tells the citizen and the new handler; a release the former handler. */
      to?: 'citizen' | 'handler';
      reason: string;
      caseType?: CaseType;
      vehicleNumberPlate?: string | null;
      reference?: string;
    }
  | {
      kind: 'case-status';
      caseId: number;
      status: CaseStatus;
      reason?: string | null;
      /** The case's name's parts (issue 19); absent in events queued before names existed. */
      caseType?: CaseType;
      vehicleNumberPlate?: string | null;
      reference?: string;
    }
  | {
      /** Answering back on a case (issue 32 point 8): to the citizen (asked; appeal lodged) or to the clerk (answered; appealed). */
      kind: 'case-step';
      caseId: number;
      step: 'supplement-requested' | 'supplement-answered' | 'appeal-lodged' | 'appeal-received';
      caseType: CaseType;
      vehicleNumberPlate: string | null;
      reference: string;
      /** The office's new last day after an appeal. */
      dueDate?: string | null;
    }
  | ({ kind: 'obligation-created' | 'obligation-due-soon' | 'obligation-overdue' } & ObligationFacts)
  | { kind: 'account-registered' | 'account-activated' | 'account-deactivated' }
  /** A second factor was added or removed, or wrong codes paused code sign-in (issue 34). */
  | { kind: 'second-factor'; change: SecondFactorChange }
  /** The password changed by its owner or through a reset link (issue 35). */
  | { kind: 'password-changed'; how: 'changed' | 'reset' }
  /** An admin-sent reset link: mailed at once (direct-mail.ts), never queued, so its secret is stored nowhere. */
  | { kind: 'password-reset-link'; expiresAt: string }
  /** A request to close the account: asked, withdrawn, refused (issue 35). */
  | { kind: 'account-closure-requested' | 'account-closure-withdrawn' }
  | { kind: 'account-closure-refused'; reason: string }
  /**
   * The account was closed: an email only (no portal entry), to the address the account had; the
   * payload is emptied once it is sent (the account's own fields are gone).
   */
  | { kind: 'account-closed'; to: FarewellAddress }
  /** The office's delay notice (KPA art. 36): the reason and the new date; the citizen may prompt (art. 37). */
  | ({ kind: 'delay-notice'; reason: string; newDueDate: string } & MatterNaming)
  /** A citizen's prompt, to each admin: answer it by `answerBy`. */
  | ({ kind: 'prompt-received'; promptId: number; answerBy: string } & MatterNaming)
  /** The admin's answer to the citizen's prompt: the reason, and the new date unless decided. */
  | ({ kind: 'prompt-answered'; reason: string; newDueDate: string | null } & MatterNaming)
  /** To the clerk (or every clerk while nobody took it): a matter is at 75 %, on its last days, or overdue. Portal only. */
  | ({ kind: 'deadline-warning'; warning: DeadlineWarning; dueDate: string } & MatterNaming);

/** Where the email about a closed account goes: the account's fields as they were before the closure. */
export interface FarewellAddress {
  email: string;
  firstName: string;
  language: Language;
}
export type NotificationKind = NotificationEvent['kind'];
export type EventOf<K extends NotificationKind> = Extract<NotificationEvent, { kind: K }>;

/**
 * Is each of these emails still worth sending when its turn comes (e.g. the reply was read
 * meanwhile)? One answer per target, in order: the worker asks once per batch and kind.
 */
export type DeliveryCheck<K extends NotificationKind> = (targets: readonly { event: EventOf<K>; recipientId: number }[]) => Promise<boolean[]>;

/**
 * Whether `recipientId` may still be given entries and emails (my-data: not once the account is
 * closed). Asked in the transaction of the change that causes the event.
 */
export type RecipientGate = (trx: Db, recipientId: number) => Promise<boolean>;

/** A periodic job that enqueues notifications (reminders), run by whichever worker's turn it is. */
export type ScheduledJob = (now: Date) => Promise<number>;

/** A notice sent at once, outside the outbox: its link carries a secret no table may hold. */
export type DirectNotice = Extract<NotificationEvent, { kind: 'password-reset-link' }>;

/** What other modules ask of the notifications module (modules/notifications/index.ts builds it). */
export interface NotificationsPort {
  /** Queues the email about `event` to `recipientId`, inside the transaction of the change that causes it. */
  enqueue(trx: Db, recipientId: number, event: NotificationEvent, options?: { onceKey?: string }): Promise<void>;
  /** Registered by the module that knows (letters: "read meanwhile", obligations: "paid"). */
  registerDeliveryCheck<K extends NotificationKind>(kind: K, check: DeliveryCheck<K>): void;
  /** Registered by the module that knows who may no longer get anything (my-data: closed accounts). */
  registerRecipientGate(gate: RecipientGate): void;
  registerScheduledJob(job: ScheduledJob): void;
  /** The once-ever keys (see `enqueue`) not used yet: a schedule enqueues only those. */
  unusedOnceKeys(keys: readonly string[]): Promise<string[]>;
  /** Sends one email now (a password-reset link); resolves with the address it went to. */
  sendNow(userId: number, event: DirectNotice, path: string): Promise<string>;
}
