// The audit trail of staff actions (issue 10; spec sections 4 and 6 name the actions): what the
// API records in the same transaction as each change, and what the Audit Log tab reads.

/**
 * Every staff action that changes data. A module that adds an audited action adds it here (the
 * API refuses to record anything else, and the Audit Log's action filter offers exactly these).
 */
export const AUDIT_ACTIONS = [
  'conversation.take',
  'conversation.resolve',
  'employee.register',
  'employee.activate',
  'employee.deactivate',
  'obligation.create',
  'case.status.update',
  // Issue 32: a clerk found a case particularly complicated (a longer term); an admin changed the terms.
  'case.term.extend',
  'terms.update',
  // A signed receipt was issued (issue 20): its SHA-256, in the transaction of the event it proves.
  'receipt.issue',
  // An admin removed a staff member's second factor (issue 21): they set it up again at their next sign-in.
  'two-factor.reset',
  // Issue 21: an admin ended every session of a staff member; a citizen asked to close their
  // account; an admin approved it (the account is pseudonymised). No personal field is recorded.
  'sessions.end-all',
  'account.close-request',
  'account.close',
  // Issue 35: an admin sent a password-reset link; the person set a new password with it.
  'password.reset-sent',
  'password.reset',
  // Issue 35: the citizen withdrew the request; an admin refused it (with the reason the citizen reads).
  'account.close-withdraw',
  'account.close-refuse',
  // Issue 33: a member of staff left an internal note on a case or a conversation.
  'case.note.add',
  'conversation.note.add',
  // Issue 33 point 4: an admin's department reply template, or an employee's own, created, changed or deleted.
  'reply-template.create',
  'reply-template.update',
  'reply-template.delete',
  // Issue 32: a citizen rated the answer to a resolved letter (in the portal or from the email's link).
  'letter.rate',
  // Issue 32 points 5-6: staff's delay notice (KPA art. 36), a citizen's prompt (art. 37), an admin's answer.
  'matter.delay-notice',
  'matter.prompt',
  'prompt.answer',
  // Issue 32 points 7 and 8: a decision delivered, a request to supplement and its answer, an appeal.
  'case.decision.deliver',
  'case.supplement.request',
  'case.supplement.answer',
  'case.appeal',
  // Issue 33: a letter handed to a department or colleague, released by an admin; a case reassigned
  // or released; the admin's desk settings. Issue 32: a citizen reopened a resolved letter.
  'conversation.transfer',
  'conversation.release',
  'conversation.reopen',
  'case.reassign',
  'case.release',
  'desk-settings.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of record an action changed; `entityId` is that record's id (a number or a UUID). */
export const AUDIT_ENTITY_TYPES = ['conversation', 'user', 'obligation', 'case', 'receipt', 'terms', 'reply-template'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Rows per page of GET /api/audit: default and upper bound. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

/** The server's wording for the audit routes (the spec words none of them). */
export const auditApiMessages = {
  rangeReversed: 'The start of the range must not be after its end.',
} as const;

/**
 * GET /api/audit/verify: the chain walked in id order. `brokenAt` is the first row whose stored
 * MAC does not match its content under the server's key (`reason: 'hash'`: edited, or written by
 * someone without the key), whose `prevHash` is not the MAC of the row before it (`'link'`: a row
 * was removed, inserted or reordered), or whose id skips (`'gap'`: a row was removed); `'checkpoint'`:
 * the row the latest signed checkpoint names differs from it (or the checkpoint file is missing or
 * not signed with the key: `brokenAt` 0); `'truncated'`: the chain ends before the row the
 * checkpoint names (`brokenAt`), so its newest rows were cut off; `'outside'`: a row with an id the
 * chain never gives (0 or below), written around the portal; `'checkpoint-missing'`: the
 * checkpoint file is missing while the trail holds rows (`brokenAt` 0; the server never writes it
 * anew then, since a new one would accept a history rewritten without the key).
 */
export const AUDIT_BREAK_REASONS = ['hash', 'link', 'gap', 'checkpoint', 'truncated', 'outside', 'checkpoint-missing'] as const;
