import { z } from 'zod/mini';
import { positiveId } from './fields-schemas.js';
import { RECEIPT_KINDS, RECEIPT_SIGNATURE_RESULTS } from './receipts.js';

// The receipts domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in receipts.ts, which the web's texts import without building these.

/** One receipt as the lists show it; its PDF is GET /api/receipts/{id}. */
export const receiptSummary = z.object({
  id: z.int(),
  kind: z.enum(RECEIPT_KINDS),
  /** The reference it proves (a letter's, a case's, a document's name). */
  reference: z.string(),
  /** ISO-8601 time of the event it proves. */
  issuedAt: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummary>;
export const receiptListResponse = z.array(receiptSummary);

export const receiptIdParams = z.object({ id: positiveId });

/**
 * POST /api/receipts/verify: whether the signature is the office's, whether the file is unchanged
 * since it was signed, whether the office's records hold it; and only what it proves.
 */
export const receiptVerifyResponse = z.object({
  /** All three below: the office issued exactly this file. */
  genuine: z.boolean(),
  signature: z.enum(RECEIPT_SIGNATURE_RESULTS),
  unchanged: z.boolean(),
  inRecords: z.boolean(),
  /** What the receipt proves, from the office's records (null unless it is in them). */
  proves: z.nullable(z.object({ kind: z.enum(RECEIPT_KINDS), reference: z.string(), issuedAt: z.string() })),
  message: z.string(),
});
export type ReceiptVerifyResponse = z.infer<typeof receiptVerifyResponse>;
