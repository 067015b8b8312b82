import { z } from 'zod/mini';
import { isIsoDate } from './dates.js';
import { requiredText } from './fields-schemas.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';
import { type AmountProblem, groszeToDecimal, parseAmount } from './money.js';
import {
  DEFAULT_PAYMENT_STATUS,
  OBLIGATION_DATE_MAX,
  OBLIGATION_DATE_MIN,
  OBLIGATION_DESCRIPTION_MAX,
  obligationMessages,
  PAYMENT_STATUSES,
} from './obligations.js';

// The obligations domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in obligations.ts, which the web's texts import without building these.

const m = obligationMessages;

const amountProblemMessage: Record<AmountProblem, string> = {
  invalid: m.amountInvalid,
  notPositive: m.amountNotPositive,
  tooManyDecimals: m.amountTooManyDecimals,
  tooLarge: m.amountTooLarge,
};

/**
 * The amount in PLN, as a JSON string ("1234.5", what this portal's web app sends) or a JSON number
 * (what the spec's client sends). Either way it is read exactly from its text (the API hands this
 * schema the number's own text, see the obligations module) and comes out as the exact decimal
 * text with two places, "1234.50". Greater than 0, at most 2 decimals, at most 999 999 999.99.
 */
export const amountField = z.pipe(
  z.union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? m.amountRequired : m.amountInvalid),
  }),
  z.transform((value: string | number, ctx) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text.trim() === '') {
      ctx.issues.push({ code: 'custom', message: m.amountRequired, input: value });
      return z.NEVER;
    }
    const parsed = parseAmount(text);
    if (!parsed.ok) {
      ctx.issues.push({ code: 'custom', message: amountProblemMessage[parsed.problem], input: value });
      return z.NEVER;
    }
    return groszeToDecimal(parsed.grosze);
  }),
);

/** A required YYYY-MM-DD that exists in the calendar (no 2026-02-30) and lies in 2000-2099. */
function obligationDate(required: string, invalid: string) {
  return requiredText(required).check(
    z.refine(isIsoDate, invalid),
    z.refine((value: string) => !isIsoDate(value) || (value >= OBLIGATION_DATE_MIN && value <= OBLIGATION_DATE_MAX), m.dateOutOfRange),
  );
}

export const paymentStatusField = z._default(
  z.enum(PAYMENT_STATUSES, {
    error: (issue) => (issue.input === '' || issue.input === null ? m.paymentStatusRequired : m.paymentStatusInvalid),
  }),
  DEFAULT_PAYMENT_STATUS,
);

const interestIdField = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? m.selectUser : m.interestIdInvalid) })
  .check(z.int(m.interestIdInvalid), z.positive(m.interestIdInvalid), z.lte(2_147_483_647, m.interestIdInvalid));

/**
 * The fields of the Create Obligations form (spec section 5): amount, due date, payment status,
 * issue date required, description optional. The owner (`interestId`) is the selected user.
 */
export const obligationFormFields = z.object({
  amount: amountField,
  dueDate: obligationDate(m.dueDateRequired, m.dueDateInvalid),
  paymentStatus: paymentStatusField,
  issueDate: obligationDate(m.issueDateRequired, m.issueDateInvalid),
  description: z.pipe(
    z.nullish(
      z
        .string({ error: m.descriptionInvalid })
        .check(
          z.trim(),
          z.maxLength(OBLIGATION_DESCRIPTION_MAX, m.descriptionTooLong),
          z.refine(hasNoBidiControl, freeTextMessages.bidiControl),
        ),
    ),
    z.transform((value: string | null | undefined) => (value && isVisibleText(value) ? value : null)),
  ),
});

/** An obligation cannot fall due before it was issued (checked once both dates are valid). */
const isDueNotBeforeIssue = (value: { dueDate: string; issueDate: string }) =>
  !isIsoDate(value.dueDate) || !isIsoDate(value.issueDate) || value.dueDate >= value.issueDate;
const dueBeforeIssueIssue = { message: m.dueBeforeIssue, path: ['dueDate'] };

/** The form's rules: its fields and the dates' order. */
export const obligationForm = obligationFormFields.check(z.refine(isDueNotBeforeIssue, dueBeforeIssueIssue));

/** POST /api/financial-obligations. paymentStatus may be left out: PENDING (spec section 4). */
export const createObligationRequest = z
  .object({ interestId: interestIdField, ...obligationFormFields.shape })
  .check(z.refine(isDueNotBeforeIssue, dueBeforeIssueIssue));
export type CreateObligationRequest = z.input<typeof createObligationRequest>;
export type CreateObligation = z.output<typeof createObligationRequest>;

/** How to pay an unpaid obligation by transfer, when the city's account is configured. */
export const transferDetails = z.object({
  /** The city's NRB, 26 digits. */
  accountNumber: z.string(),
  recipientName: z.string(),
  /** Exactly the obligation's amount, "1234.50". */
  amount: z.string(),
  /** Identifies the obligation: its number and the start of its description. */
  title: z.string(),
  /** The ZBP two-dimensional payment code's text; null above 9 999.99 PLN (six digits of grosze). */
  paymentCode: z.nullable(z.string()),
});
export type TransferDetails = z.infer<typeof transferDetails>;

/**
 * One obligation as the API answers it (spec section 3). `amount` is the exact decimal text in PLN
 * with two places ("1234.50"): never a float. `transfer` is null when it is paid or the city's
 * account is not configured.
 */
export const obligationResponse = z.object({
  id: z.int(),
  interestId: z.int(),
  amount: z.string(),
  dueDate: z.string(),
  issueDate: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  description: z.nullable(z.string()),
  createdAt: z.string(),
  transfer: z.nullable(transferDetails),
});
export type ObligationResponse = z.infer<typeof obligationResponse>;
export const obligationListResponse = z.array(obligationResponse);
