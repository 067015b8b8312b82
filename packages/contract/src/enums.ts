// Every enumeration of spec section 9, in the order the spec lists them.
export const ROLES = ['USER', 'EMPLOYEE', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const CONVERSATION_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const DEFAULT_PAYMENT_STATUS: PaymentStatus = 'PENDING';

export const CASE_STATUSES = ['PENDING', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const PENDING_CASE_FILTER: CaseStatus = 'PENDING';

export const CASE_TYPES = ['VEHICLE_REGISTRATION', 'IDENTITY_CARD', 'BUILDING_PERMIT', 'OTHER'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const DEFAULT_CASE_TYPE: CaseType = 'OTHER';

export const VEHICLE_TYPES = ['SEDAN', 'SUV', 'TRUCK', 'MOTORCYCLE', 'BUS', 'VAN', 'OTHER'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'OTHER';

export const DEPARTMENTS = [
  'City Administration',
  'Public Works Department',
  'Parks and Recreation Department',
] as const;
export type Department = (typeof DEPARTMENTS)[number];
