import { caseReference, letterReference, type PortalEvent, referenceOfEvent } from '@portal/contract';
import type { MatterNaming, NotificationEvent } from './events.js';
import { handoffNoticesOf } from './handoff-notices.js';

/** One portal entry (and, by the person's settings, one email) an event earns. */
export interface Notice {
  recipientId: number;
  notice: NotificationEvent;
  /** Queued once only under this key (one notice per pause of code sign-in). */
  onceKey?: string;
  /** An email only, to a closed account's former address: past the closed-account gate, no portal entry. */
  farewell?: true;
  /** A portal entry only, no email (a clerk's deadline warnings: the bell, not the inbox). */
  entryOnly?: true;
}

/** The naming of a letter or a case an event carries (issue 32's late-term events). */
type LateTermEvent = Extract<PortalEvent, { type: 'matter-delay-notified' | 'matter-prompted' | 'prompt-answered' | 'matter-deadline-warning' }>;
function namingOf(event: LateTermEvent): MatterNaming {
  const reference = referenceOfEvent(event) ?? '';
  if ('letterId' in event) return { conversationId: event.conversationId, letterId: event.letterId, subject: event.subject, reference };
  return { caseId: event.caseId, caseType: event.caseType, vehicleNumberPlate: event.vehicleNumberPlate, reference };
}

/** A case's step of answering back as an entry names it. */
const caseStep = (
  event: Extract<PortalEvent, { caseId: number }>,
  step: Extract<NotificationEvent, { kind: 'case-step' }>['step'],
  dueDate?: string | null,
): NotificationEvent => ({
  kind: 'case-step',
  caseId: event.caseId,
  step,
  caseType: event.caseType,
  vehicleNumberPlate: event.vehicleNumberPlate,
  reference: caseReference(event.caseId),
  ...(dueDate === undefined ? {} : { dueDate }),
});

/**
 * Who hears of an event, and what: the citizen of a letter taken, resolved or replied to, of a
 * case decided, of a new obligation; an employee of their account's changes; the other party of a
 * chat message. Submissions earn a receipt, not a notice (the person just made them).
 */
export function noticesOf(event: PortalEvent): Notice[] {
  switch (event.type) {
    case 'conversation-taken':
    case 'conversation-resolved': {
      const kind = event.type === 'conversation-taken' ? 'letter-taken' : 'conversation-resolved';
      const naming = { letterId: event.letterId, subject: event.subject, reference: letterReference(event.letterId) };
      const resolvedAt = event.type === 'conversation-resolved' ? { resolvedAt: event.resolvedDate } : {};
      return [{ recipientId: event.ownerId, notice: { kind, conversationId: event.conversationId, ...naming, ...resolvedAt } }];
    }
    case 'message-sent':
      return event.participants
        .filter((id) => id !== event.actorId)
        .map((recipientId) => ({
          recipientId,
          notice: {
            kind: 'reply',
            conversationId: event.conversationId,
            messageId: event.message.id,
            letterId: event.letterId,
            subject: event.subject,
            reference: letterReference(event.letterId),
          },
        }));
    case 'case-status-changed':
      return [
        {
          recipientId: event.ownerId,
          notice: {
            kind: 'case-status',
            caseId: event.caseId,
            status: event.after,
            reason: event.reason,
            caseType: event.caseType,
            vehicleNumberPlate: event.vehicleNumberPlate,
            reference: caseReference(event.caseId),
          },
        },
      ];
    case 'matter-delay-notified':
      return [{ recipientId: event.ownerId, notice: { kind: 'delay-notice', reason: event.reason, newDueDate: event.newDueDate, ...namingOf(event) } }];
    case 'matter-prompted':
      return event.adminIds.map((recipientId) => ({ recipientId, notice: { kind: 'prompt-received', promptId: event.promptId, answerBy: event.answerBy, ...namingOf(event) } }));
    case 'prompt-answered':
      return [{ recipientId: event.ownerId, notice: { kind: 'prompt-answered', reason: event.reason, newDueDate: event.newDueDate, ...namingOf(event) } }];
    case 'matter-deadline-warning':
      return event.recipientIds.map((recipientId) => ({
        recipientId,
        notice: { kind: 'deadline-warning', warning: event.warning, dueDate: event.dueDate, ...namingOf(event) },
        entryOnly: true as const,
      }));
    case 'case-supplement-requested':
      return [{ recipientId: event.ownerId, notice: caseStep(event, 'supplement-requested') }];
    case 'case-supplement-answered':
      return [{ recipientId: event.requestedBy, notice: caseStep(event, 'supplement-answered') }];
    case 'case-appealed':
      return [
        { recipientId: event.ownerId, notice: caseStep(event, 'appeal-lodged', event.dueDate) },
        ...(event.deciderId === null ? [] : [{ recipientId: event.deciderId, notice: caseStep(event, 'appeal-received') }]),
      ];
    case 'conversation-transferred':
    case 'conversation-released':
    case 'conversation-reopened-by-citizen':
    case 'case-reassigned':
    case 'case-released':
      return handoffNoticesOf(event);
    case 'obligation-created':
      return [
        {
          recipientId: event.ownerId,
          notice: {
            kind: 'obligation-created',
            obligationId: event.obligationId,
            amount: event.amount,
            dueDate: event.dueDate,
            transfer: event.transfer,
            description: event.description,
          },
        },
      ];
    case 'account-registered':
    case 'account-activated':
    case 'account-deactivated':
      return [{ recipientId: event.userId, notice: { kind: event.type } }];
    case 'account-closure-requested':
    case 'account-closure-withdrawn':
      return [{ recipientId: event.userId, notice: { kind: event.type } }];
    case 'account-closure-refused':
      return [{ recipientId: event.userId, notice: { kind: 'account-closure-refused', reason: event.reason } }];
    case 'account-closed':
      return event.farewell.email === '' ? [] : [{ recipientId: event.userId, notice: { kind: 'account-closed', to: event.farewell }, farewell: true }];
    case 'second-factor-changed':
      return [{ recipientId: event.userId, notice: { kind: 'second-factor', change: event.change }, ...(event.onceKey ? { onceKey: event.onceKey } : {}) }];
    case 'password-changed':
      return [{ recipientId: event.userId, notice: { kind: 'password-changed', how: event.how } }];
    default:
      return [];
  }
}

/**
 * The kinds whose live notice goes out at the commit of their event (noticesOf); the others
 * (reminders of a schedule) are announced when the worker first claims them.
 */
export const ANNOUNCED_AT_COMMIT: ReadonlySet<NotificationEvent['kind']> = new Set([
  'letter-taken',
  'reply',
  'conversation-resolved',
  'case-status',
  'case-step',
  'conversation-transferred',
  'conversation-released',
  'conversation-reopened',
  'case-reassigned',
  'case-released',
  'obligation-created',
  'account-registered',
  'account-activated',
  'account-deactivated',
  'second-factor',
  'password-changed',
  'account-closure-requested',
  'account-closure-withdrawn',
  'account-closure-refused',
  'delay-notice',
  'prompt-received',
  'prompt-answered',
  'deadline-warning',
]);
