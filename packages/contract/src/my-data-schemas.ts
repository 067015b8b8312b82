import { z } from 'zod/mini';
import { multiLineText } from './fields-schemas.js';
import { CLOSURE_REFUSAL_REASON_MAX, CLOSURE_STATUSES, myDataApiMessages } from './my-data.js';

// The my-data domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in my-data.ts, which the web's texts import without building these.

export const closureStatusResponse = z.object({
  status: z.enum(CLOSURE_STATUSES),
  requestedAt: z.nullable(z.string()),
  /** When an admin refused, and why (status REFUSED); null otherwise. */
  refusedAt: z.nullable(z.string()),
  refusalReason: z.nullable(z.string()),
});
export type ClosureStatusResponse = z.infer<typeof closureStatusResponse>;

/** A request waiting for an admin. */
export const closureRequestSummary = z.object({
  userId: z.int(),
  username: z.string(),
  fullName: z.string(),
  requestedAt: z.string(),
});
export const closureRequestListResponse = z.array(closureRequestSummary);
export type ClosureRequestSummary = z.infer<typeof closureRequestSummary>;

export const closureApprovedResponse = z.object({ userId: z.int(), pseudonym: z.string() });

/** An admin refuses a request to close an account, with the reason the citizen reads. */
export const refuseClosureRequest = z.object({
  reason: multiLineText(CLOSURE_REFUSAL_REASON_MAX, { required: myDataApiMessages.reasonRequired, tooLong: myDataApiMessages.reasonTooLong }),
});
export type RefuseClosureRequest = z.infer<typeof refuseClosureRequest>;
