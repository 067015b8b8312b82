import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';
import { z } from 'zod/mini';
import { isIsoDate } from './dates.js';
import { requiredText } from './fields.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';
import { type AmountProblem, groszeToDecimal, parseAmount } from './money.js';

// Financial obligations (spec sections 2, 3, 4, 5, 7, 8 and 9).

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'PENDING';

export const CURRENCY = 'PLN';
/** Create Obligations groups users under the first two letters of their username. */
export const OBLIGATION_LABEL_LENGTH = 2;

/** Bounds the spec leaves open. Dates outside them are typing slips (a year 0226), not obligations. */
export const OBLIGATION_DESCRIPTION_MAX = 500;
export const OBLIGATION_DATE_MIN = '2000-01-01';
export const OBLIGATION_DATE_MAX = '2099-12-31';

/**
 * Texts of the obligation pages and form. Quoted in the spec (sections 2, 5 and 8): the page texts,
 * 'Please select a user.' and 'Financial obligation created successfully.'; the field messages
 * are ours (the spec only says which fields are required).
 */
export const obligationMessages = {
  headingFor: 'Financial Obligations for',
  loadingUser: 'Loading user data...',
  loadingObligations: 'Loading financial obligations...',
  viewChart: 'View Chart',
  viewList: 'View List',
  none: 'No financial obligations found.',
  backToList: 'Back to list',
  allYears: 'All Years',
  yearlyTitle: 'Yearly Financial Obligations',
  monthlyTitle: 'Monthly Financial Obligations',
  datasetLabel: 'Monthly Obligations (PLN)',
  flipPhone: 'If not visible flip phone',
  labels: 'Labels',
  searchUser: 'Search user...',
  createFor: 'Create Financial Obligation for',
  selectUserPrompt: 'Select a user to create an obligation.',
  selectUser: 'Please select a user.',
  created: 'Financial obligation created successfully.',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number',
  amountNotPositive: 'Amount must be greater than 0',
  amountTooManyDecimals: 'Amount can have at most 2 decimal places',
  amountTooLarge: 'Amount cannot exceed 999,999,999.99 PLN',
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date',
  dueBeforeIssue: 'Due date cannot be before the issue date',
  issueDateRequired: 'Issue date is required',
  issueDateInvalid: 'Issue date must be a valid date',
  dateOutOfRange: `Enter a date from ${OBLIGATION_DATE_MIN} to ${OBLIGATION_DATE_MAX}`,
  paymentStatusRequired: 'Payment status is required',
  paymentStatusInvalid: 'Payment status must be PENDING, PAID or OVERDUE',
  descriptionTooLong: `Description cannot exceed ${OBLIGATION_DESCRIPTION_MAX} characters`,
  descriptionInvalid: 'Description must be text',
  interestIdInvalid: 'Must be a positive whole number',
} as const;

/** Why the server refuses an obligation's owner (the form never shows them: it lists citizens only). */
export const obligationApiMessages = {
  unknownUser: 'No user has this id.',
  notCitizen: 'Financial obligations can only be created for a citizen (USER) account.',
} as const;

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
  z.enum(PAYMENT_STATUSES, { error: (issue) => (issue.input === '' || issue.input === null ? m.paymentStatusRequired : m.paymentStatusInvalid) }),
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
        .check(z.trim(), z.maxLength(OBLIGATION_DESCRIPTION_MAX, m.descriptionTooLong), z.refine(hasNoBidiControl, freeTextMessages.bidiControl)),
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

/** The label of a username on Create Obligations: its first two characters in upper case. */
export function usernameLabel(username: string): string {
  return Array.from(username).slice(0, OBLIGATION_LABEL_LENGTH).join('').toUpperCase();
}

/** obligationMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const obligationMessagesPl: PolishTexts<typeof obligationMessages> = {
  headingFor: 'Zobowiązania finansowe:',
  loadingUser: 'Ładowanie danych użytkownika...',
  loadingObligations: 'Ładowanie zobowiązań finansowych...',
  viewChart: 'Pokaż wykres',
  viewList: 'Pokaż listę',
  none: 'Nie znaleziono zobowiązań finansowych.',
  backToList: 'Wróć do listy',
  allYears: 'Wszystkie lata',
  yearlyTitle: 'Roczne zobowiązania finansowe',
  monthlyTitle: 'Miesięczne zobowiązania finansowe',
  datasetLabel: 'Zobowiązania miesięczne (PLN)',
  flipPhone: 'Jeśli wykres jest niewidoczny, obróć telefon',
  labels: 'Etykiety',
  searchUser: 'Szukaj użytkownika...',
  createFor: 'Utwórz zobowiązanie finansowe dla',
  selectUserPrompt: 'Wybierz użytkownika, aby utworzyć zobowiązanie.',
  selectUser: 'Wybierz użytkownika.',
  created: 'Zobowiązanie finansowe zostało utworzone.',
  amountRequired: 'Kwota jest wymagana',
  amountInvalid: 'Kwota musi być liczbą',
  amountNotPositive: 'Kwota musi być większa od 0',
  amountTooManyDecimals: 'Kwota może mieć najwyżej 2 miejsca po przecinku',
  amountTooLarge: 'Kwota nie może przekraczać 999 999 999,99 zł',
  dueDateRequired: 'Termin płatności jest wymagany',
  dueDateInvalid: 'Termin płatności musi być prawidłową datą',
  dueBeforeIssue: 'Termin płatności nie może być wcześniejszy niż data wystawienia',
  issueDateRequired: 'Data wystawienia jest wymagana',
  issueDateInvalid: 'Data wystawienia musi być prawidłową datą',
  dateOutOfRange: `Podaj datę od ${OBLIGATION_DATE_MIN} do ${OBLIGATION_DATE_MAX}`,
  paymentStatusRequired: 'Status płatności jest wymagany',
  paymentStatusInvalid: 'Status płatności musi mieć wartość PENDING, PAID lub OVERDUE',
  descriptionTooLong: `Opis nie może przekraczać ${polishCount(OBLIGATION_DESCRIPTION_MAX, POLISH_CHARACTERS)}`,
  descriptionInvalid: 'Opis musi być tekstem',
  interestIdInvalid: 'Wymagana jest dodatnia liczba całkowita',
};

/** obligationApiMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const obligationApiMessagesPl: PolishTexts<typeof obligationApiMessages> = {
  unknownUser: 'Nie ma użytkownika o tym identyfikatorze.',
  notCitizen: 'Zobowiązania finansowe można tworzyć tylko dla konta obywatela (USER).',
};
