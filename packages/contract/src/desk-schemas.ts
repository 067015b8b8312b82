import { z } from 'zod/mini';
import { CASE_SEARCH_MAX, CASE_STATUSES, CASE_TYPES, caseApiMessages } from './cases.js';
import { CONVERSATION_SEARCH_MAX, CONVERSATION_STATUSES, conversationApiMessages, DEPARTMENTS } from './letters.js';
import { isIsoDate } from './dates.js';
import { PAYMENT_STATUSES } from './obligations.js';
import { caseResolutionResponse } from './cases-schemas.js';
import {
  CONVERSATION_LIMIT_MAX,
  CONVERSATION_ORDERS,
  deskMessages,
  INTERNAL_NOTE_MAX,
  STAFF_CASE_PAGE_SIZE,
  STAFF_CASE_PAGE_SIZE_MAX,
  STAFF_CASE_VIEWS,
} from './desk.js';
import { multiLineText, positiveId, searchTextField } from './fields-schemas.js';

// The desk's zod schemas (issue 33): staff case lists and internal notes.

/** A member of staff as a list or a note names them. */
export const staffMember = z.object({ id: z.int(), firstName: z.string(), lastName: z.string() });
export type StaffMember = z.infer<typeof staffMember>;

/** POST /api/case-resolution/{id}/notes and /api/conversations/{id}/notes: staff only. */
export const internalNoteRequest = z.object({
  body: multiLineText(INTERNAL_NOTE_MAX, { required: deskMessages.noteRequired, tooLong: deskMessages.noteTooLong }),
});
export type InternalNoteRequest = z.input<typeof internalNoteRequest>;

/** A note as staff read it: who wrote it and when. */
export const internalNoteResponse = z.object({
  id: z.int(),
  body: z.string(),
  createdAt: z.string(),
  author: staffMember,
});
export type InternalNoteResponse = z.infer<typeof internalNoteResponse>;
/** Oldest first, as a timeline reads. */
export const internalNoteListResponse = z.array(internalNoteResponse);

export const staffCaseListParams = z.object({ view: z.enum(STAFF_CASE_VIEWS) });

/** GET /api/case-resolution/staff/{view}: `q` as the pending list's search, pages from 1. */
export const staffCaseListQuery = z.object({
  q: searchTextField(CASE_SEARCH_MAX, caseApiMessages.searchTooLong),
  page: z._default(positiveId, 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(STAFF_CASE_PAGE_SIZE_MAX)), STAFF_CASE_PAGE_SIZE),
});
export type StaffCaseListQuery = z.output<typeof staffCaseListQuery>;

/** A case in a staff list: the case, who handles it, and (decided ones) when it was decided. */
export const staffCaseListItem = z.extend(caseResolutionResponse, {
  handler: z.nullable(staffMember),
  /** The time of the decision (RESOLVED or REJECTED); null while the case is open. */
  decidedAt: z.nullable(z.string()),
  /** The term's last day has ended in Warsaw and the case is undecided (issue 33 point 1). */
  overdue: z.boolean(),
  /** Working days (Warsaw) from the submission to today, or to the decision once decided. */
  waitingWorkingDays: z.int(),
});
export type StaffCaseListItem = z.infer<typeof staffCaseListItem>;

export const staffCaseListResponse = z.object({
  items: z.array(staffCaseListItem),
  page: z.int(),
  pageSize: z.int(),
  /** Cases in the view (after `q`), over all pages. */
  total: z.int(),
});
export type StaffCaseListResponse = z.infer<typeof staffCaseListResponse>;

/**
 * GET /api/contacts/{userId} (issue 33, the contact panel): a citizen as staff may see them (name
 * and username; no email, phone or birth date), with their letters, cases and unpaid obligations.
 */
export const contactPanelResponse = z.object({
  person: z.object({ id: z.int(), firstName: z.string(), lastName: z.string(), username: z.string() }),
  letters: z.array(
    z.object({
      conversationId: z.int(),
      /** `L-n`. */
      reference: z.string(),
      subject: z.string(),
      status: z.enum(CONVERSATION_STATUSES),
      createdAt: z.string(),
    }),
  ),
  cases: z.array(
    z.object({
      id: z.int(),
      /** `C-n`. */
      reference: z.string(),
      caseType: z.enum(CASE_TYPES),
      vehicleNumberPlate: z.nullable(z.string()),
      status: z.enum(CASE_STATUSES),
      submissionDate: z.string(),
    }),
  ),
  /** PENDING and OVERDUE ones only, the earliest due first. */
  obligations: z.array(
    z.object({
      id: z.int(),
      description: z.nullable(z.string()),
      amount: z.string(),
      dueDate: z.string(),
      paymentStatus: z.enum(PAYMENT_STATUSES),
    }),
  ),
});
export type ContactPanelResponse = z.infer<typeof contactPanelResponse>;

const queueDate = z.optional(z.string({ error: deskMessages.dateInvalid }).check(z.refine(isIsoDate, deskMessages.dateInvalid)));

/*
 * GET /api/conversations as the API reads it (issue 33 point 2): the spec's status, employee and the
 * search, plus optional parameters that leave the spec's calls answering as before: `order=due` (by
 * the date the answer is due, earliest first), `department` (the letter's), `resolvedFrom` /
 * `resolvedTo` (the archive's days of resolution in Warsaw, both included) and `limit` (the first n).
 * Here, not in letters-schemas.ts, so the citizen's screens never download it.
 */
export const staffConversationsQuery = z
  .object({
    // The spec's parameters, as letters-schemas.ts's listConversationsQuery reads them.
    status: z.optional(z.enum(CONVERSATION_STATUSES)),
    employeeId: z.optional(positiveId),
    q: searchTextField(CONVERSATION_SEARCH_MAX, conversationApiMessages.searchTooLong),
    order: z.optional(z.enum(CONVERSATION_ORDERS)),
    department: z.optional(z.enum(DEPARTMENTS)),
    resolvedFrom: queueDate,
    resolvedTo: queueDate,
    limit: z.optional(
      z.coerce
        .number({ error: deskMessages.limitInvalid })
        .check(z.int(deskMessages.limitInvalid), z.gte(1, deskMessages.limitInvalid), z.lte(CONVERSATION_LIMIT_MAX, deskMessages.limitInvalid)),
    ),
  })
  .check(
    z.superRefine((query, context) => {
      if (query.resolvedFrom && query.resolvedTo && query.resolvedFrom > query.resolvedTo) {
        context.addIssue({ code: 'custom', path: ['resolvedTo'], message: deskMessages.rangeReversed, input: query.resolvedTo });
      }
    }),
  );
export type ListConversationsQuery = z.output<typeof staffConversationsQuery>;
