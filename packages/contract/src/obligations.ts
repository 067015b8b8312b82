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

/** The label of a username on Create Obligations: its first two characters in upper case. */
export function usernameLabel(username: string): string {
  return Array.from(username).slice(0, OBLIGATION_LABEL_LENGTH).join('').toUpperCase();
}
