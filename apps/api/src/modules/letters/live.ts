import type { PortalEvent } from '@portal/contract';
import { type ConversationEvent, participantsOf } from './service.js';

/** What a committed event about a conversation pushes live, to whom. */
export interface ConversationPush {
  event: ConversationEvent;
  participants: readonly number[];
  /** Arrivals and takes change what every employee may take; a resolve and a message concern only the two. */
  toStaff: boolean;
}

export function liveEventOf(event: PortalEvent): ConversationPush | null {
  switch (event.type) {
    case 'letter-sent':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: 'OPEN', resolvedDate: null, employeeId: null },
        participants: [event.ownerId],
        toStaff: true,
      };
    case 'conversation-taken':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: 'IN_PROGRESS', resolvedDate: null, employeeId: event.employeeId },
        participants: participantsOf({ userId: event.ownerId, employeeId: event.employeeId }),
        toStaff: true,
      };
    case 'conversation-resolved':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: 'RESOLVED', resolvedDate: event.resolvedDate, employeeId: event.employeeId },
        participants: participantsOf({ userId: event.ownerId, employeeId: event.employeeId }),
        toStaff: false,
      };
    // Handing on (issue 33) and reopening (issue 32): the citizen, whoever had it and whoever has it
    // now hear of it, and every employee's lists change (the open queue, "Your Conversations").
    case 'conversation-transferred':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: event.status.after, resolvedDate: null, employeeId: event.employee.after },
        participants: [...new Set([event.ownerId, ...[event.employee.before, event.employee.after].filter((id): id is number => id !== null)])],
        toStaff: true,
      };
    case 'conversation-released':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: 'OPEN', resolvedDate: null, employeeId: null },
        participants: [event.ownerId, event.formerEmployeeId],
        toStaff: true,
      };
    case 'conversation-reopened-by-citizen':
      return {
        event: { type: 'status', conversationId: event.conversationId, status: event.status, resolvedDate: null, employeeId: event.employeeId },
        participants: participantsOf({ userId: event.ownerId, employeeId: event.employeeId }),
        toStaff: true,
      };
    case 'message-sent':
      return { event: { type: 'message', conversationId: event.conversationId, message: event.message }, participants: event.participants, toStaff: false };
    default:
      return null;
  }
}
