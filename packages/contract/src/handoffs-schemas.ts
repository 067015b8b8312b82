import { z } from 'zod/mini';
import { CASE_TYPES } from './cases.js';
import { jsonId, multiLineText } from './fields-schemas.js';
import {
  HANDOFF_KINDS,
  HANDOFF_REASON_MAX,
  handoffMessages as m,
  REOPEN_WINDOW_DAYS_MAX,
  REOPEN_WINDOW_DAYS_MIN,
  STALE_WORKING_DAYS_MAX,
  STALE_WORKING_DAYS_MIN,
} from './handoffs.js';
import { DEPARTMENTS } from './letters.js';

// Handing work on and reopening: requests and answers (handoffs.ts holds their limits and words).

export const handoffReason = multiLineText(HANDOFF_REASON_MAX, { required: m.reasonRequired, tooLong: m.reasonTooLong });

/**
 * PUT /api/conversations/{id}/transfer: to another department (the letter's recipient changes and
 * it waits in the open queue there) or to a colleague (an active employee), never both.
 */
export const transferConversationRequest = z
  .object({
    department: z.optional(z.enum(DEPARTMENTS, { error: m.oneTarget })),
    employeeId: z.optional(jsonId),
    reason: handoffReason,
  })
  .check(
    z.refine((body) => (body.department === undefined) !== (body.employeeId === undefined), { path: ['department'], error: m.oneTarget }),
  );
export type TransferConversationRequest = z.infer<typeof transferConversationRequest>;

/** PUT /api/case-resolution/{id}/reassign: an admin gives a case to another employee. */
export const reassignCaseRequest = z.object({ employeeId: jsonId, reason: handoffReason });
export type ReassignCaseRequest = z.infer<typeof reassignCaseRequest>;

/** An admin's release back to the queue, and a citizen's reopening: the reason alone. */
export const handoffReasonRequest = z.object({ reason: handoffReason });
export type HandoffReasonRequest = z.infer<typeof handoffReasonRequest>;

/** One step of a conversation's hand-on history, as its citizen and staff read it. */
export const conversationHandoff = z.object({
  kind: z.enum(HANDOFF_KINDS),
  at: z.string(),
  fromDepartment: z.enum(DEPARTMENTS),
  toDepartment: z.enum(DEPARTMENTS),
  /** Who handled it before and after (names only: the staff projection); null: the open queue. */
  fromEmployeeName: z.nullable(z.string()),
  toEmployeeName: z.nullable(z.string()),
  reason: z.string(),
});
export type ConversationHandoff = z.infer<typeof conversationHandoff>;

/** GET /api/conversations/{id}/handoffs: the history, and whether (until when) its citizen may reopen it. */
export const conversationHandoffsResponse = z.object({
  items: z.array(conversationHandoff),
  reopen: z.object({
    /** The last day (YYYY-MM-DD, Warsaw) a resolved letter may be reopened; null while it is not resolved. */
    until: z.nullable(z.string()),
    /** Reopenings still allowed. */
    remaining: z.int(),
    /** True when the citizen may reopen it now. */
    allowed: z.boolean(),
  }),
});
export type ConversationHandoffsResponse = z.infer<typeof conversationHandoffsResponse>;

/** GET and PUT /api/desk-settings: the admin's numbers for stale assignments and reopening. */
export const deskSettings = z.object({
  staleWorkingDays: z
    .number({ error: m.staleDaysInvalid })
    .check(z.int(m.staleDaysInvalid), z.gte(STALE_WORKING_DAYS_MIN, m.staleDaysInvalid), z.lte(STALE_WORKING_DAYS_MAX, m.staleDaysInvalid)),
  reopenWindowDays: z
    .number({ error: m.reopenDaysInvalid })
    .check(z.int(m.reopenDaysInvalid), z.gte(REOPEN_WINDOW_DAYS_MIN, m.reopenDaysInvalid), z.lte(REOPEN_WINDOW_DAYS_MAX, m.reopenDaysInvalid)),
});
export type DeskSettings = z.infer<typeof deskSettings>;

/** A taken letter or case nobody on the staff has acted on for the admin's number of working days. */
export const staleAssignment = z.object({
  kind: z.enum(['letter', 'case']),
  /** The conversation's or the case's id (what release takes). */
  id: z.int(),
  reference: z.string(),
  /** A letter's subject; a case's number plate when it has one (the web names the case by its type). */
  subject: z.string(),
  caseType: z.nullable(z.enum(CASE_TYPES)),
  handlerId: z.int(),
  handlerName: z.string(),
  /** The last staff action (ISO instant) and the working days since, counted in Warsaw. */
  lastActionAt: z.string(),
  idleWorkingDays: z.int(),
});
export type StaleAssignment = z.infer<typeof staleAssignment>;
export const staleAssignmentList = z.array(staleAssignment);

/** GET /api/colleagues: active staff a letter may be handed to (names only). */
export const colleagueListResponse = z.array(z.object({ id: z.int(), name: z.string(), role: z.enum(['EMPLOYEE', 'ADMIN']) }));
export type ColleagueList = z.infer<typeof colleagueListResponse>;
