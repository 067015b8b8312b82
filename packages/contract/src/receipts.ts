// Signed receipts (issue 20): a PDF sealed by the office for every submission and decision, and
// the public check of one.

/** What a receipt proves. */
export const RECEIPT_KINDS = ['letter-sent', 'case-submitted', 'document-added', 'conversation-resolved', 'case-status-changed', 'case-decision-delivered', 'case-supplement-answered', 'case-appealed', 'delay-notice', 'prompt-sent', 'prompt-answered'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The largest file POST /api/receipts/verify reads (a receipt is ~30 kB), in MB (1024 × 1024 bytes) as messages show it. */
export const RECEIPT_VERIFY_MAX_MB = 1;
export const RECEIPT_VERIFY_MAX_BYTES = RECEIPT_VERIFY_MAX_MB * 1024 * 1024;
/** The language a receipt is written in. */
export const RECEIPT_LANGUAGES = ['en', 'pl'] as const;

/** How the check of an uploaded receipt came out. */
export const RECEIPT_SIGNATURE_RESULTS = ['office', 'other', 'invalid', 'missing'] as const;
export type ReceiptSignatureResult = (typeof RECEIPT_SIGNATURE_RESULTS)[number];

/** The server's wording for the receipt routes and checks (the spec words none of them). */
export const receiptApiMessages = {
  genuine: 'This receipt is genuine: the office signed it, it is unchanged and it is in the office’s records.',
  notSigned: 'This PDF carries no signature: it is not a receipt of the office.',
  otherSigner: 'This PDF was signed, but not by the office.',
  changed: 'This receipt was changed after the office signed it.',
  unknown: 'The signature is the office’s and the file is unchanged, but the office has no record of this receipt.',
  fileRequired: 'Choose a receipt PDF to check.',
  notPdf: 'The file is not a PDF.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than a receipt can be (${RECEIPT_VERIFY_MAX_MB} MB).`,
} as const;
