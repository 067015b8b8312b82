import type { CaseStatus, CaseType, NotificationCategory } from '@portal/contract';

/** How a citizen pays an obligation by transfer (PAYMENT_ACCOUNT_NRB set); null: see the portal. */
export interface TransferHint {
  accountNumber: string;
  recipientName: string;
  title: string;
}

interface ObligationFacts {
  obligationId: number;
  /** Decimal string with two places, e.g. "1234.50". */
  amount: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  transfer: TransferHint | null;
}

/**
 * What happened, as stored in the outbox (payload_json) and rendered when sent. Only references
 * and facts: never a chat message's text or a document.
 */
export type NotificationEvent =
  | { kind: 'letter-taken'; conversationId: number }
  | { kind: 'reply'; conversationId: number; messageId: number }
  | { kind: 'conversation-resolved'; conversationId: number }
  | {
      kind: 'case-status';
      caseId: number;
      status: CaseStatus;
      reason?: string | null;
      /** The case's name's parts (issue 19); absent in events queued before names existed. */
      caseType?: CaseType;
      vehicleNumberPlate?: string | null;
    }
  | ({ kind: 'obligation-created' | 'obligation-due-soon' | 'obligation-overdue' } & ObligationFacts)
  | { kind: 'account-registered' | 'account-activated' | 'account-deactivated' };

export type NotificationKind = NotificationEvent['kind'];
export type EventOf<K extends NotificationKind> = Extract<NotificationEvent, { kind: K }>;

/** `account` notices cannot be switched off; the rest follow the person's settings. */
export type DeliveryCategory = NotificationCategory | 'account';

export const categoryOf = (kind: NotificationKind): DeliveryCategory => {
  switch (kind) {
    case 'reply':
      return 'replies';
    case 'letter-taken':
    case 'conversation-resolved':
    case 'case-status':
      return 'status';
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue':
      return 'obligations';
    case 'account-registered':
    case 'account-activated':
    case 'account-deactivated':
      return 'account';
  }
};

/** Replies to one recipient in one conversation: at most one email per this many minutes. */
export const REPLY_DEBOUNCE_MINUTES = 15;
export const replyDedupeKey = (conversationId: number, recipientId: number) => `reply:${conversationId}:${recipientId}`;
