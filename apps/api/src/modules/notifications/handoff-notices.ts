import { caseReference, letterReference, type PortalEventOf } from '@portal/contract';
import type { NotificationEvent } from './events.js';

/** One notice, as subscriber.ts's Notice (declared again: subscriber.ts imports this file). */
interface Notice {
  recipientId: number;
  notice: NotificationEvent;
}

type HandoffEvent = PortalEventOf<'conversation-transferred' | 'conversation-released' | 'conversation-reopened-by-citizen' | 'case-reassigned' | 'case-released'>;

/**
 * Who hears of a hand-on (issue 33) or a reopening (issue 32): a transfer tells the citizen (the
 * new department or handler, and the reason) and the colleague who now has it; a release tells
 * the former clerk; a reopening the clerk it returns to; a case's reassignment the new handler and
 * the citizen, its release the former handler. The person who made the change is never told.
 */
export function handoffNoticesOf(event: HandoffEvent): Notice[] {
  const notices: Notice[] = [];
  const add = (recipientId: number | null, notice: Notice['notice']) => {
    if (recipientId !== null && recipientId !== event.actorId) notices.push({ recipientId, notice });
  };
  if ('conversationId' in event) {
    const naming = { letterId: event.letterId, subject: event.subject, reference: letterReference(event.letterId) };
    const base = { conversationId: event.conversationId, reason: event.reason, ...naming };
    switch (event.type) {
      case 'conversation-transferred':
        add(event.ownerId, { kind: 'conversation-transferred', to: 'citizen', department: event.department.after, ...base });
        add(event.employee.after, { kind: 'conversation-transferred', to: 'handler', department: event.department.after, ...base });
        return notices;
      case 'conversation-released':
        add(event.formerEmployeeId, { kind: 'conversation-released', ...base });
        return notices;
      case 'conversation-reopened-by-citizen':
        add(event.employeeId, { kind: 'conversation-reopened', ...base });
        return notices;
    }
  }
  const naming = { caseId: event.caseId, reason: event.reason, caseType: event.caseType, vehicleNumberPlate: event.vehicleNumberPlate, reference: caseReference(event.caseId) };
  if (event.type === 'case-reassigned') {
    add(event.handler.after, { kind: 'case-reassigned', to: 'handler', ...naming });
    add(event.ownerId, { kind: 'case-reassigned', to: 'citizen', ...naming });
  } else if (event.type === 'case-released') {
    add(event.formerHandlerId, { kind: 'case-released', to: 'handler', ...naming });
  }
  return notices;
}
