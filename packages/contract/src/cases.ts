// Case resolutions, their vehicle registrations and documents (spec sections 3, 4, 5, 7 and 9).
import { VIN_LENGTH, VEHICLE_TEXT_MAX, CASE_COMMENTS_MAX, CASE_DECISION_REASON_MAX, CASE_SEARCH_MAX, PDF_SIGNATURE, PDF_CONTENT_TYPE, CASE_DOCUMENTS_MAX, DOCUMENT_FILE_FIELD, type CaseType } from './case-kinds.js';
import { caseQuotaMessages } from './case-quotas.js';

export * from './case-kinds.js';
export * from './case-quotas.js';

/** Exact texts of spec sections 5 and 8 for the Case Resolutions page. */
export const caseMessages = {
  plateInvalid: "Invalid vehicle number plate. Follow Polish standards (e.g., 'KR 12345').",
  /** Spec: 'VIN must be exactly 17 characters.' */
  vinLength: `VIN must be exactly ${VIN_LENGTH} characters.`,
  vinRequired: 'Vin number is required.',
  yearInvalid: 'Enter a valid vehicle year.',
  makeRequired: 'Vehicle make is required.',
  modelRequired: 'Vehicle model is required.',
  registrationDateRequired: 'Registration date is required.',
  colorRequired: 'Vehicle color required.',
  fixErrors: 'Please fix the errors in the form.',
  onlyPdf: 'Only PDF files are allowed.',
  created: 'Case Resolution Created Successfully!',
  createError: 'An error occurred while creating the case resolution.',
  noComments: 'No comments',
  noDocuments: 'No documents available for this case.',
} as const;

/** Server refusals (and one client check) about cases and documents the spec does not word. */
export const caseApiMessages = {
  vehicleRequired: 'Vehicle registration details are required for a vehicle registration case.',
  vehicleNotAllowed: 'Only a vehicle registration case has vehicle registration details.',
  textTooLong: `Must be at most ${VEHICLE_TEXT_MAX} characters.`,
  commentsTooLong: `Comments must be at most ${CASE_COMMENTS_MAX} characters.`,
  unknownUser: 'No such user.',
  fileMissing: `Send the file as a multipart part named "${DOCUMENT_FILE_FIELD}".`,
  fileEmpty: 'The file is empty.',
  /** Spec-free: `{max}` is the limit in MiB (1 MiB = 1024 × 1024 bytes, the unit the limit is set in). */
  fileTooLarge: (maxMebibytes: number | string) => `The file is larger than ${maxMebibytes} MiB.`,
  tooManyDocuments: `A case can have at most ${CASE_DOCUMENTS_MAX} documents.`,
  notMultipart: 'Send the document as multipart/form-data.',
  ownerNotCitizen: 'A case can only be opened for a citizen (USER) account.',
  /** Citizen quotas (config CITIZEN_*): far above what one person's affairs need. */
  ...caseQuotaMessages,
  /** A status change's message to the applicant (issue 19). */
  reasonRequired: 'Write the reason for the rejection to the applicant.',
  reasonTooLong: `The message to the applicant must be at most ${CASE_DECISION_REASON_MAX} characters.`,
  searchTooLong: `Search text must be at most ${CASE_SEARCH_MAX} characters.`,
} as const;

/** The current calendar year in the runtime's time zone (the citizen's, in the browser). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** The case types' names in both languages: the web's labels and the notifications' words. */
export const caseTypeLabels = {
  en: { VEHICLE_REGISTRATION: 'Vehicle registration', IDENTITY_CARD: 'Identity card', BUILDING_PERMIT: 'Building permit', OTHER: 'Other' },
  pl: { VEHICLE_REGISTRATION: 'Rejestracja pojazdu', IDENTITY_CARD: 'Dowód osobisty', BUILDING_PERMIT: 'Pozwolenie na budowę', OTHER: 'Inna sprawa' },
} as const satisfies Record<'en' | 'pl', Record<CaseType, string>>;

/**
 * A case's name: its type and its key field ("Vehicle registration - KR 12345"); a type without a
 * key field takes the case's number ("Identity card - case 4").
 */
export function caseName(item: { id: number; caseType: CaseType; vehicleNumberPlate: string | null }, language: 'en' | 'pl'): string {
  const type = caseTypeLabels[language][item.caseType];
  if (item.vehicleNumberPlate) return `${type} - ${item.vehicleNumberPlate}`;
  return language === 'pl' ? `${type} - sprawa ${item.id}` : `${type} - case ${item.id}`;
}

export const PDF_DATA_URL_PREFIX = `data:${PDF_CONTENT_TYPE};base64,`;

/** True when `bytes` begin with the PDF signature (the only thing an upload is judged by). */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_SIGNATURE.length) return false;
  for (let i = 0; i < PDF_SIGNATURE.length; i += 1) {
    if (bytes[i] !== PDF_SIGNATURE.charCodeAt(i)) return false;
  }
  return true;
}

/** The byte limit in MiB as a person reads it ("10"), for `caseApiMessages.fileTooLarge`. */
export function mebibytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
