import type { PortalEvent } from '@portal/contract';
import type { AuditRecord } from './service.js';

/**
 * The audit row an event earns: staff actions (spec: the Audit Log is the trail of what staff did)
 * and a citizen's steps towards closing their account; a citizen's own submissions are proven by
 * their receipts, whose issue is audited.
 */
export function auditRecordOf(event: PortalEvent): AuditRecord | null {
  const actorId = event.actorId;
  switch (event.type) {
    case 'conversation-taken':
      return {
        actorId,
        action: 'conversation.take',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: { status: 'OPEN', employeeId: null },
        after: { status: 'IN_PROGRESS', employeeId: event.employeeId },
      };
    case 'conversation-resolved':
      return {
        actorId,
        action: 'conversation.resolve',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: { status: 'IN_PROGRESS', employeeId: event.employeeId, resolvedDate: null },
        after: { status: 'RESOLVED', employeeId: event.employeeId, resolvedDate: event.resolvedDate },
      };
    case 'letter-rated':
      return {
        actorId,
        action: 'letter.rate',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: null,
        after: { letterId: event.letterId, helpful: event.helpful, comment: event.hasComment, via: event.via },
      };
    case 'case-status-changed':
      return {
        actorId,
        action: 'case.status.update',
        entityType: 'case',
        entityId: event.caseId,
        // The handler is recorded when it changed (issue 33: IN_PROGRESS makes the clerk the handler).
        before: event.handler.before === event.handler.after ? { status: event.before } : { status: event.before, handlerId: event.handler.before },
        after: {
          status: event.after,
          ...(event.reason === null ? {} : { reason: event.reason }),
          ...(event.handler.before === event.handler.after ? {} : { handlerId: event.handler.after }),
        },
      };
    case 'case-note-added':
      return { actorId, action: 'case.note.add', entityType: 'case', entityId: event.caseId, before: null, after: { noteId: event.noteId, note: event.body } };
    case 'conversation-note-added':
      return {
        actorId,
        action: 'conversation.note.add',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: null,
        after: { noteId: event.noteId, note: event.body },
      };
    case 'case-term-extended':
      return {
        actorId,
        action: 'case.term.extend',
        entityType: 'case',
        entityId: event.caseId,
        before: { termMonths: event.beforeMonths },
        after: { termMonths: event.months, dueDate: event.dueDate, reason: event.reason },
      };
    case 'matter-delay-notified':
    case 'matter-prompted':
    case 'prompt-answered': {
      const entity = 'caseId' in event ? { entityType: 'case' as const, entityId: event.caseId } : { entityType: 'conversation' as const, entityId: event.conversationId };
      if (event.type === 'matter-delay-notified') {
        return { actorId, action: 'matter.delay-notice', ...entity, before: { dueDate: event.previousDueDate }, after: { dueDate: event.newDueDate, reason: event.reason, noticeId: event.noticeId } };
      }
      if (event.type === 'matter-prompted') return { actorId, action: 'matter.prompt', ...entity, before: null, after: { promptId: event.promptId, text: event.text, answerBy: event.answerBy } };
      return { actorId, action: 'prompt.answer', ...entity, before: null, after: { promptId: event.promptId, reason: event.reason, dueDate: event.newDueDate } };
    }
    // Issue 32 points 7 and 8: the steps of answering back, by ids and facts (the texts are the receipts').
    case 'case-decision-delivered':
      return { actorId, action: 'case.decision.deliver', entityType: 'case', entityId: event.caseId, before: null, after: { decisionId: event.decisionId, decision: event.decision, deliveredAt: event.at } };
    case 'case-supplement-requested':
      return {
        actorId,
        action: 'case.supplement.request',
        entityType: 'case',
        entityId: event.caseId,
        before: null,
        after: { supplementId: event.supplementId, message: event.message, documentsNeeded: [...event.documentsNeeded] },
      };
    case 'case-supplement-answered':
      return { actorId, action: 'case.supplement.answer', entityType: 'case', entityId: event.caseId, before: null, after: { supplementId: event.supplementId, documents: [...event.documents] } };
    case 'case-appealed':
      return {
        actorId,
        action: 'case.appeal',
        entityType: 'case',
        entityId: event.caseId,
        before: { status: event.before, decisionId: event.decisionId },
        after: { status: event.after, appealId: event.appealId, dueDate: event.dueDate },
      };
    // Handing work on (issue 33) and a citizen's reopening (issue 32), each with its reason.
    case 'conversation-transferred':
      return {
        actorId,
        action: 'conversation.transfer',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: { department: event.department.before, employeeId: event.employee.before, status: event.status.before },
        after: { department: event.department.after, employeeId: event.employee.after, status: event.status.after, reason: event.reason },
      };
    case 'conversation-released':
      return {
        actorId,
        action: 'conversation.release',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: { status: 'IN_PROGRESS', employeeId: event.formerEmployeeId },
        after: { status: 'OPEN', employeeId: null, reason: event.reason },
      };
    case 'conversation-reopened-by-citizen':
      return {
        actorId,
        action: 'conversation.reopen',
        entityType: 'conversation',
        entityId: event.conversationId,
        before: { status: 'RESOLVED' },
        after: { status: event.status, employeeId: event.employeeId, reopening: event.reopening, reason: event.reason },
      };
    case 'case-reassigned':
      return {
        actorId,
        action: 'case.reassign',
        entityType: 'case',
        entityId: event.caseId,
        before: { handlerId: event.handler.before },
        after: { handlerId: event.handler.after, reason: event.reason },
      };
    case 'case-released':
      return {
        actorId,
        action: 'case.release',
        entityType: 'case',
        entityId: event.caseId,
        before: { status: event.before, handlerId: event.formerHandlerId },
        after: { status: event.after, handlerId: null, reason: event.reason },
      };
    case 'desk-settings-changed':
      return { actorId, action: 'desk-settings.update', entityType: 'terms', entityId: 'desk', before: { ...event.before }, after: { ...event.after } };
    case 'reply-template-changed':
      return {
        actorId,
        action: `reply-template.${event.change === 'created' ? 'create' : event.change === 'updated' ? 'update' : 'delete'}`,
        entityType: 'reply-template',
        entityId: event.templateId,
        before: event.before ? { ...event.before } : null,
        after: event.after ? { ...event.after } : null,
      };
    case 'legal-terms-changed':
      return { actorId, action: 'terms.update', entityType: 'terms', entityId: event.scope, before: { terms: event.before }, after: { terms: event.after } };
    case 'obligation-created':
      return {
        actorId,
        action: 'obligation.create',
        entityType: 'obligation',
        entityId: event.obligationId,
        before: null,
        after: {
          interestId: event.ownerId,
          amount: event.amount,
          dueDate: event.dueDate,
          issueDate: event.issueDate,
          paymentStatus: event.paymentStatus,
          description: event.description,
        },
      };
    case 'account-registered':
      return { actorId, action: 'employee.register', entityType: 'user', entityId: event.userId, before: null, after: { ...event.account } };
    case 'account-activated':
    case 'account-deactivated': {
      const enabled = event.type === 'account-activated';
      return {
        actorId,
        action: enabled ? 'employee.activate' : 'employee.deactivate',
        entityType: 'user',
        entityId: event.userId,
        before: { enabled: !enabled },
        after: { enabled },
      };
    }
    case 'account-closed':
      return {
        actorId,
        action: 'account.close',
        entityType: 'user',
        entityId: event.userId,
        before: { status: 'REQUESTED' },
        after: { status: 'CLOSED', pseudonym: event.pseudonym },
      };
    // A person's own "sign out everywhere else" is theirs, not a staff action; a reset's is audited as the reset.
    case 'sessions-ended':
      return event.cause === 'ended-by-admin'
        ? { actorId, action: 'sessions.end-all', entityType: 'user', entityId: event.userId, before: { sessions: event.sessions }, after: { sessions: 0 } }
        : null;
    case 'password-reset-sent':
      return { actorId, action: 'password.reset-sent', entityType: 'user', entityId: event.userId, before: null, after: { expiresAt: event.expiresAt } };
    case 'password-changed':
      // The owner's own change is theirs to know (an email and an entry); a reset-link's use closes the admin's action.
      return event.how === 'reset' ? { actorId, action: 'password.reset', entityType: 'user', entityId: event.userId, before: null, after: { sessionsEnded: 'all' } } : null;
    // Issue 35: a closure's steps, by account id and status only (the refusal's reason is the admin's words).
    case 'account-closure-requested':
      return { actorId, action: 'account.close-request', entityType: 'user', entityId: event.userId, before: null, after: { status: 'REQUESTED' } };
    case 'account-closure-withdrawn':
      return { actorId, action: 'account.close-withdraw', entityType: 'user', entityId: event.userId, before: { status: 'REQUESTED' }, after: null };
    case 'account-closure-refused':
      return {
        actorId,
        action: 'account.close-refuse',
        entityType: 'user',
        entityId: event.userId,
        before: { status: 'REQUESTED' },
        after: { status: 'REFUSED', reason: event.reason },
      };
    default:
      return null;
  }
}
