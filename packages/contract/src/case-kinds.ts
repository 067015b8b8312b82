// The kinds, statuses and limits of case resolutions (spec sections 3, 4, 5 and 7): a file of their own,
// so that a screen that names a status (the live updates, the bell) does not load the cases' messages.

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
/** Spec section 5: 2 to 3 capital letters, an optional space, then 4 to 5 capital letters or digits. */
export const VEHICLE_PLATE_PATTERN = /^[A-Z]{2,3} ?[A-Z0-9]{4,5}$/;

/** Bounds the spec leaves open; they keep one request from filling the database. */
export const VEHICLE_TEXT_MAX = 50;
export const CASE_COMMENTS_MAX = 2_000;
/** A clerk's message to the applicant with a status change (issue 19). */
export const CASE_DECISION_REASON_MAX = 1_000;
/** Statuses whose web form asks for the reason (REJECTED) or a confirmation (both): decisions. */
export const CASE_STATUSES_NEEDING_REASON: readonly CaseStatus[] = ['REJECTED'];
export const CASE_DECISION_STATUSES: readonly CaseStatus[] = ['REJECTED', 'RESOLVED'];
/** The longest search text of the staff's case list. */
export const CASE_SEARCH_MAX = 100;

/** Uploads: PDF only, recognised by its first bytes, never by the file name or the declared type. */
export const PDF_SIGNATURE = '%PDF-';
export const PDF_CONTENT_TYPE = 'application/pdf';
/** The server's default upload limit (DOCUMENT_MAX_BYTES); the web checks a chosen file against it too. */
export const DOCUMENT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const DOCUMENT_NAME_MAX = 255;
/** A case holds at most this many documents, so one citizen cannot fill the database. */
export const CASE_DOCUMENTS_MAX = 20;
/** The multipart part that carries the file (spec section 7). */
export const DOCUMENT_FILE_FIELD = 'file';
