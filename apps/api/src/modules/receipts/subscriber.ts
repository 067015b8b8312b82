import type { PortalEvent } from '@portal/contract';
import type { LateTermSubject, ReceiptEvent } from './wording.js';

const subjectOfMatter = (event: { conversationId: number; letterId: number } | { caseId: number }): LateTermSubject =>
  'letterId' in event ? { conversationId: event.conversationId, letterId: event.letterId } : { caseId: event.caseId };

/**
 * The receipt an event earns, if any: every submission and every decision (issue 20). The facts
 * come from the event alone; what the receipt reads of the database is the people's names.
 */
export function receiptEventOf(event: PortalEvent): ReceiptEvent | null {
  switch (event.type) {
    case 'letter-sent':
      return {
        kind: 'letter-sent',
        conversationId: event.conversationId,
        letterId: event.letterId,
        ownerId: event.ownerId,
        at: event.at,
        department: event.department,
        subject: event.subject,
        content: event.content,
      };
    case 'conversation-resolved':
      return {
        kind: 'conversation-resolved',
        conversationId: event.conversationId,
        letterId: event.letterId,
        ownerId: event.ownerId,
        clerkId: event.actorId,
        at: event.at,
        subject: event.subject,
        status: 'RESOLVED',
      };
    case 'case-submitted':
      return { kind: 'case-submitted', caseId: event.caseId, ownerId: event.ownerId, at: event.at, caseType: event.caseType, comments: event.comments, vehicle: event.vehicle };
    case 'document-added':
      return {
        kind: 'document-added',
        caseId: event.caseId,
        ownerId: event.ownerId,
        at: event.at,
        caseType: event.caseType,
        name: event.name,
        size: event.size,
        sha256: event.sha256,
      };
    case 'case-status-changed':
      return {
        kind: 'case-status-changed',
        caseId: event.caseId,
        ownerId: event.ownerId,
        clerkId: event.actorId,
        at: event.at,
        caseType: event.caseType,
        before: event.before,
        after: event.after,
        reason: event.reason,
      };
    case 'matter-delay-notified':
    case 'prompt-answered':
      return {
        kind: event.type === 'matter-delay-notified' ? 'delay-notice' : 'prompt-answered',
        ...subjectOfMatter(event),
        ownerId: event.ownerId,
        clerkId: event.actorId,
        at: event.at,
        reason: event.reason,
        newDueDate: event.newDueDate,
      };
    case 'matter-prompted':
      return { kind: 'prompt-sent', ...subjectOfMatter(event), ownerId: event.ownerId, at: event.at, text: event.text };
    case 'case-decision-delivered':
      return { kind: event.type, caseId: event.caseId, ownerId: event.ownerId, at: event.at, caseType: event.caseType, decision: event.decision, decidedAt: event.decidedAt };
    case 'case-supplement-answered':
      return { kind: event.type, caseId: event.caseId, ownerId: event.ownerId, at: event.at, caseType: event.caseType, answer: event.answer, documents: event.documents };
    case 'case-appealed':
      return {
        kind: event.type,
        caseId: event.caseId,
        ownerId: event.ownerId,
        at: event.at,
        caseType: event.caseType,
        text: event.text,
        documents: event.documents,
        dueDate: event.dueDate,
      };
    default:
      return null;
  }
}
