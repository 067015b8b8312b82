import type { NotificationCategory } from '@portal/contract';
import type { FarewellAddress, NotificationKind } from '../../ports/notifications.js';
import type { UserContact } from '../../ports/users.js';

export type { EventOf, FarewellAddress, MatterNaming, NotificationEvent, NotificationKind, TransferHint } from '../../ports/notifications.js';

export const farewellContact = (id: number, to: FarewellAddress): UserContact => ({ id, email: to.email, firstName: to.firstName, lastName: '', role: 'USER', enabled: true, language: to.language });

/** `account` notices cannot be switched off; the rest follow the person's settings. */
export type DeliveryCategory = NotificationCategory | 'account';

export const categoryOf = (kind: NotificationKind): DeliveryCategory => {
  switch (kind) {
    case 'reply':
      return 'replies';
    case 'letter-taken':
    case 'conversation-resolved':
    case 'case-status':
    case 'delay-notice':
    case 'prompt-received':
    case 'prompt-answered':
    case 'deadline-warning':
    case 'case-step':
    case 'conversation-transferred':
    case 'conversation-released':
    case 'conversation-reopened':
    case 'case-reassigned':
    case 'case-released':
      return 'status';
    case 'obligation-created':
    case 'obligation-due-soon':
    case 'obligation-overdue':
      return 'obligations';
    case 'account-registered':
    case 'account-activated':
    case 'account-deactivated':
    case 'second-factor':
    case 'password-changed':
    case 'password-reset-link':
    case 'account-closure-requested':
    case 'account-closure-withdrawn':
    case 'account-closure-refused':
    case 'account-closed':
      return 'account';
  }
};

/** Replies to one recipient in one conversation: at most one email per this many minutes. */
export const REPLY_DEBOUNCE_MINUTES = 15;
export const replyDedupeKey = (conversationId: number, recipientId: number) => `reply:${conversationId}:${recipientId}`;
