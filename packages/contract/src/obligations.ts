// Financial obligations (spec sections 3, 4, 5 and 9). Schemas and messages join when the module is built.

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'PENDING';

export const CURRENCY = 'PLN';
/** Create Obligations groups users under the first two letters of their username. */
export const OBLIGATION_LABEL_LENGTH = 2;
