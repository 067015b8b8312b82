import { z } from 'zod/mini';
import { CASE_TYPES } from './case-kinds.js';
import { searchTextField } from './fields-schemas.js';
import {
  MATTER_KINDS,
  MATTER_NEXT_STEPS,
  MATTER_PAGE_SIZE,
  MATTER_PAGE_SIZE_MAX,
  MATTER_SEARCH_MAX,
  MATTER_STATES,
  MATTER_STATUSES,
  matterMessages as m,
} from './matters.js';

// "My matters" (issue 32 point 1): the query and the answer of GET /api/matters.

const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(max, message));

/** GET /api/matters: every filter optional; `q` a reference (L-4, C-4, FO 4) or words of a subject or name. */
export const matterListQuery = z.object({
  kind: z.optional(z.enum(MATTER_KINDS, { error: m.kindInvalid })),
  state: z.optional(z.enum(MATTER_STATES, { error: m.stateInvalid })),
  q: searchTextField(MATTER_SEARCH_MAX, m.searchTooLong),
  page: z._default(wholeNumber(m.pageInvalid, 2_147_483_647), 1),
  pageSize: z._default(wholeNumber(m.pageSizeInvalid, MATTER_PAGE_SIZE_MAX), MATTER_PAGE_SIZE),
});
export type MatterListQuery = z.output<typeof matterListQuery>;

/** One matter as "My matters" lists it. */
export const matterListItem = z.object({
  kind: z.enum(MATTER_KINDS),
  /** What its screen opens: a letter's conversation id, a case's id, an obligation's id. */
  id: z.int(),
  /** The matter's one reference: L-n, C-n, or the obligation's "FO n" (its transfer title and emails). */
  reference: z.string(),
  /** A letter's subject, an obligation's description; null for a case (named from its type and plate). */
  subject: z.nullable(z.string()),
  caseType: z.nullable(z.enum(CASE_TYPES)),
  vehicleNumberPlate: z.nullable(z.string()),
  /** An obligation's amount as exact decimal text ("120.50"); null for letters and cases. */
  amount: z.nullable(z.string()),
  status: z.enum(MATTER_STATUSES),
  state: z.enum(MATTER_STATES),
  /** ISO 8601: the newest of its arrival, a message, a status change. */
  lastActivityAt: z.string(),
  nextStep: z.enum(MATTER_NEXT_STEPS),
  /**
   * YYYY-MM-DD: the last day of the office's term (letters, cases) or the payment's due date; null
   * for a letter or case once closed, and for a case while the office waits for the citizen's
   * supplement (its term stands still: `nextStep` is then caseWaitsForYou).
   */
  dueDate: z.nullable(z.string()),
  /** The office is past its term while it still owes the answer, or a payment is past its due date. */
  overdue: z.boolean(),
});
export type MatterListItem = z.infer<typeof matterListItem>;

export const matterListResponse = z.object({
  items: z.array(matterListItem),
  page: z.int(),
  pageSize: z.int(),
  /** Matters after the filters and the search, over all pages. */
  total: z.int(),
});
export type MatterListResponse = z.infer<typeof matterListResponse>;
