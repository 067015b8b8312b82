import type { PolishTexts } from './polish.js';
import { z } from 'zod/mini';
import { CASE_TYPES } from './cases.js';
import { positiveId } from './fields.js';

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
  // A signed receipt was issued (issue 20): its SHA-256, in the transaction of the event it proves.
  'receipt.issue',
  // An admin removed a staff member's second factor (issue 21): they set it up again at their next sign-in.
  'two-factor.reset',
  // Issue 21: an admin ended every session of a staff member; a citizen asked to close their
  // account; an admin approved it (the account is pseudonymised). No personal field is recorded.
  'sessions.end-all',
  'account.close-request',
  'account.close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of record an action changed; `entityId` is that record's id (a number or a UUID). */
export const AUDIT_ENTITY_TYPES = ['conversation', 'user', 'obligation', 'case', 'receipt'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Rows per page of GET /api/audit: default and upper bound. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

/** The server's wording for the audit routes (the spec words none of them). */
export const auditApiMessages = {
  rangeReversed: 'The start of the range must not be after its end.',
} as const;

/** A value before or after the change: a plain JSON object, or null (nothing before a creation). */
export const auditSnapshot = z.nullable(z.record(z.string(), z.unknown()));
export type AuditSnapshot = z.infer<typeof auditSnapshot>;

/**
 * What a row's record is, in words people use, looked up by the module that owns it when a page of
 * the trail is read (today's names; the row itself keeps only ids). The web words it: "Obligation
 * FO 19 - Property tax for Anna Nowak", "Vehicle registration - KR 12345 (Anna Nowak)".
 */
export const auditRecordName = z.object({
  /** The record's own name: a conversation's subject, an obligation's description, an account's full name, a case's key field (its number plate); null when it has none. */
  name: z.nullable(z.string()),
  /** The citizen it concerns: who sent the letter, owes the obligation, applied in the case; null for an account. */
  person: z.nullable(z.string()),
  /** A case's type. */
  caseType: z.optional(z.enum(CASE_TYPES)),
});
export type AuditRecordName = z.infer<typeof auditRecordName>;

/** One row of the trail as the API shows it. */
export const auditEntryResponse = z.object({
  id: z.int(),
  /** ISO-8601 UTC instant of the change. */
  occurredAt: z.string(),
  actorId: z.int(),
  /** The actor's first and last name today (`fullName`). */
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  before: auditSnapshot,
  after: auditSnapshot,
  /** The row's MAC (see GET /api/audit/verify) over its content and `prevHash`. */
  hash: z.string(),
  prevHash: z.string(),
  /**
   * Present only on a row whose stored before/after is not a JSON object (written around the
   * portal): the stored text as it is, while `before`/`after` show null. The row is still listed.
   */
  malformed: z.optional(z.object({ before: z.optional(z.string()), after: z.optional(z.string()) })),
  /** The record in words (GET /api/audit only; the CSV keeps the raw ids); absent when it no longer exists or has no namer. */
  record: z.optional(auditRecordName),
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;

const isoInstant = z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' });

const filterFields = {
  actorId: z.optional(positiveId),
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
};

const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const rangeError = { message: auditApiMessages.rangeReversed, path: ['to'] };

/**
 * Filters of GET /api/audit and of its CSV export. `from`/`to` are instants (the browser turns the
 * admin's local calendar days into them), `from` inclusive, `to` exclusive.
 */
export const auditFilterQuery = z.object(filterFields).check(z.refine(rangeInOrder, rangeError));
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

/** GET /api/audit: the filters, newest first, one page at a time (pages count from 1). */
export const auditListQuery = z
  .object({
    ...filterFields,
    page: z._default(positiveId, 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(AUDIT_PAGE_SIZE_MAX)), AUDIT_PAGE_SIZE),
  })
  .check(z.refine(rangeInOrder, rangeError));
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditListResponse = z.object({
  items: z.array(auditEntryResponse),
  page: z.int(),
  pageSize: z.int(),
  /** Rows matching the filters, over all pages. */
  total: z.int(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/**
 * GET /api/audit/verify: the chain walked in id order. `brokenAt` is the first row whose stored
 * MAC does not match its content under the server's key (`reason: 'hash'`: edited, or written by
 * someone without the key), whose `prevHash` is not the MAC of the row before it (`'link'`: a row
 * was removed, inserted or reordered), or whose id skips (`'gap'`: a row was removed); `'checkpoint'`:
 * the row the latest signed checkpoint names differs from it (or the checkpoint file is missing or
 * not signed with the key: `brokenAt` 0); `'truncated'`: the chain ends before the row the
 * checkpoint names (`brokenAt`), so its newest rows were cut off.
 */
export const AUDIT_BREAK_REASONS = ['hash', 'link', 'gap', 'checkpoint', 'truncated'] as const;
export const auditVerifyResponse = z.discriminatedUnion('intact', [
  z.object({
    intact: z.literal(true),
    /** Rows checked. */
    checked: z.int(),
    /**
     * The newest row: a chain cannot by itself reveal that its newest rows were cut off, so an
     * auditor who noted an earlier head can check it is still there (null: no rows yet).
     */
    head: z.nullable(z.object({ id: z.int(), hash: z.string() })),
    /** The latest checkpoint the chain was checked against (null: none of a row yet). */
    checkpoint: z.optional(z.nullable(z.object({ id: z.int(), at: z.string() }))),
  }),
  z.object({
    intact: z.literal(false),
    /** Rows found intact before the broken one. */
    checked: z.int(),
    brokenAt: z.int(),
    reason: z.enum(AUDIT_BREAK_REASONS),
  }),
]);
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponse>;

/** auditApiMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const auditApiMessagesPl: PolishTexts<typeof auditApiMessages> = {
  rangeReversed: 'Początek zakresu nie może być późniejszy niż jego koniec.',
};
