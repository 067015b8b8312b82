import { z } from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_BREAK_REASONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE_MAX, auditApiMessages } from './audit.js';
import { CASE_TYPES } from './cases.js';
import { positiveId } from './fields-schemas.js';

// The audit domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in audit.ts, which the web's texts import without building these.

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
  /** The matter's one reference on every channel (`L-4`, `C-4`: events.ts), for letters and cases. */
  reference: z.optional(z.string()),
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
  /**
   * The row's MAC (see GET /api/audit/verify) over its content and `prevHash`; both null while the
   * row waits to be linked into the chain (moments after its change commits), under a provisional
   * id that the chain's id then replaces.
   */
  hash: z.nullable(z.string()),
  prevHash: z.nullable(z.string()),
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
    /** Rows committed but not yet linked into the chain when verify finished (absent: none). */
    pending: z.optional(z.int()),
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
