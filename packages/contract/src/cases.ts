// Case resolutions and their vehicle registrations (spec sections 3, 4, 5 and 9). Schemas and messages
// join when the module is built.

export const CASE_STATUSES = ['PENDING', 'IN_PROGRESS', 'RESOLVED', 'REJECTED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const PENDING_CASE_FILTER: CaseStatus = 'PENDING';

export const CASE_TYPES = ['VEHICLE_REGISTRATION', 'IDENTITY_CARD', 'BUILDING_PERMIT', 'OTHER'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const DEFAULT_CASE_TYPE: CaseType = 'OTHER';

export const VEHICLE_TYPES = ['SEDAN', 'SUV', 'TRUCK', 'MOTORCYCLE', 'BUS', 'VAN', 'OTHER'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const DEFAULT_VEHICLE_TYPE: VehicleType = 'OTHER';

export const VIN_LENGTH = 17;
export const VEHICLE_YEAR_MIN = 1886;
