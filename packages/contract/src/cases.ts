import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';
import { z } from 'zod/mini';
import { isIsoDate } from './dates.js';
import { jsonId, positiveId, requiredText, searchTextField, stopWhenLonger } from './fields.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';

// Case resolutions, their vehicle registrations and documents (spec sections 3, 4, 5, 7 and 9).

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
/** The longest text VEHICLE_PLATE_PATTERN accepts: three letters, a space, five characters. */
const VEHICLE_PLATE_MAX = 9;

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
  openCasesQuota: 'You have too many open cases. Wait until some of them are resolved before opening a new one.',
  documentBytesQuota: 'Your documents take up all the storage a citizen may use. Contact the city office if you need more.',
  uploadsInFlightQuota: 'You are already sending several documents. Wait until they are uploaded, then try again.',
  /** A status change's message to the applicant (issue 19). */
  reasonRequired: 'Write the reason for the rejection to the applicant.',
  reasonTooLong: `The message to the applicant must be at most ${CASE_DECISION_REASON_MAX} characters.`,
  searchTooLong: `Search text must be at most ${CASE_SEARCH_MAX} characters.`,
} as const;

const m = caseMessages;
const api = caseApiMessages;

/** The current calendar year in the runtime's time zone (the citizen's, in the browser). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

const boundedText = (requiredMessage: string) => requiredText(requiredMessage, { trim: true }).check(z.maxLength(VEHICLE_TEXT_MAX, api.textTooLong));

/** An enum field whose absent forms (missing, null, an empty choice) take the spec's default. */
const withDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.pipe(
    z.nullish(z.union([z.enum(values), z.literal('')])),
    z.transform((value: T[number] | '' | null | undefined): T[number] => value || fallback),
  );

export const vehicleNumberPlateField = z
  .string({ error: m.plateInvalid })
  .check(z.trim(), z.maxLength(VEHICLE_PLATE_MAX, stopWhenLonger(m.plateInvalid)), z.regex(VEHICLE_PLATE_PATTERN, m.plateInvalid));

export const vehicleVinField = z
  .string({ error: m.vinRequired })
  .check(
    z.trim(),
    z.minLength(1, m.vinRequired),
    z.refine((vin: string) => vin.length === 0 || vin.length === VIN_LENGTH, m.vinLength),
  );

/** 1886 (the first car) up to the current year; checked when parsed, so it follows the calendar. */
export const vehicleYearField = z
  .number({ error: m.yearInvalid })
  .check(z.int(m.yearInvalid), z.gte(VEHICLE_YEAR_MIN, m.yearInvalid), z.refine((year: number) => year <= currentYear(), m.yearInvalid));

/**
 * vehicleRegistrationDTO as a citizen sends it (spec sections 3 and 5). The web form resolves
 * with this schema and the API validates the same one, so both give the same messages.
 */
export const vehicleRegistrationDTO = z.object({
  vehicleNumberPlate: vehicleNumberPlateField,
  vehicleMake: boundedText(m.makeRequired),
  vehicleModel: boundedText(m.modelRequired),
  vehicleYear: vehicleYearField,
  registrationDate: requiredText(m.registrationDateRequired).check(z.refine(isIsoDate, m.registrationDateRequired)),
  vehicleColor: boundedText(m.colorRequired),
  vehicleVin: vehicleVinField,
  vehicleType: withDefault(VEHICLE_TYPES, DEFAULT_VEHICLE_TYPE),
});
export type VehicleRegistrationInput = z.input<typeof vehicleRegistrationDTO>;
export type VehicleRegistrationDTO = z.output<typeof vehicleRegistrationDTO>;

/**
 * caseResolutionDTO as a client sends it. The server decides id, status, submission date and
 * documents, so those fields are not read; `userId` defaults to the caller (only an admin may name
 * someone else, the access policy sees to that).
 */
export const caseResolutionDTO = z.object({
  caseType: withDefault(CASE_TYPES, DEFAULT_CASE_TYPE),
  userId: z.optional(jsonId),
  comments: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(CASE_COMMENTS_MAX, api.commentsTooLong), z.refine(hasNoBidiControl, freeTextMessages.bidiControl))),
    z.transform((comments: string | null | undefined) => (comments && isVisibleText(comments) ? comments : null)),
  ),
});
export type CaseResolutionInput = z.input<typeof caseResolutionDTO>;

/**
 * POST /api/case-resolution/create/VehicleRegistration: every case type comes through this call;
 * vehicle details belong to (and are required by) VEHICLE_REGISTRATION only.
 */
export const createCaseRequest = z
  .object({
    caseResolutionDTO: z.pipe(
      z.transform((value: unknown) => value ?? {}),
      caseResolutionDTO,
    ),
    vehicleRegistrationDTO: z.nullish(vehicleRegistrationDTO),
  })
  .check(
    z.superRefine((request, context) => {
    const isVehicle = request.caseResolutionDTO.caseType === 'VEHICLE_REGISTRATION';
    if (isVehicle && !request.vehicleRegistrationDTO) {
      context.addIssue({ code: 'custom', path: ['vehicleRegistrationDTO'], message: api.vehicleRequired });
    }
    if (!isVehicle && request.vehicleRegistrationDTO) {
      context.addIssue({ code: 'custom', path: ['vehicleRegistrationDTO'], message: api.vehicleNotAllowed });
    }
    }),
  );
export type CreateCaseRequest = z.output<typeof createCaseRequest>;

/** Who opened a case, as staff see it beside the case (issue 19). */
export const caseApplicant = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
});
export type CaseApplicant = z.infer<typeof caseApplicant>;

/** A case as every answer shows it (spec section 3 field names, then the additions). */
export const caseResolutionResponse = z.object({
  id: z.int(),
  caseType: z.enum(CASE_TYPES),
  userId: z.int(),
  /** The id of the case's type-specific record (its vehicle registration), or null. */
  case_content_id: z.nullable(z.int()),
  comments: z.nullable(z.string()),
  /** UUIDs of the case's documents, oldest first. */
  additionalDocuments: z.array(z.string()),
  status: z.enum(CASE_STATUSES),
  /** ISO-8601 time the case was created. */
  submissionDate: z.string(),
  /** ISO-8601 time of the latest status change (the submission, until staff change it). */
  statusChangedAt: z.string(),
  /** The vehicle's number plate of a vehicle registration (the key of the case's name), else null. */
  vehicleNumberPlate: z.nullable(z.string()),
  applicant: caseApplicant,
});
export type CaseResolutionResponse = z.infer<typeof caseResolutionResponse>;
export const caseResolutionListResponse = z.array(caseResolutionResponse);

export const vehicleRegistrationResponse = z.object({
  vehicleNumberPlate: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleYear: z.int(),
  registrationDate: z.string(),
  vehicleColor: z.string(),
  vehicleVin: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
});
export type VehicleRegistrationResponse = z.infer<typeof vehicleRegistrationResponse>;

export const caseStatusHistoryEntry = z.object({
  status: z.enum(CASE_STATUSES),
  changedAt: z.string(),
  /** The clerk's message to the applicant with this change; null when none was written. */
  reason: z.nullable(z.string()),
});
export type CaseStatusHistoryEntry = z.infer<typeof caseStatusHistoryEntry>;

/** What the details page lists without downloading any content. */
export const documentSummary = z.object({
  uuid: z.string(),
  documentName: z.string(),
  size: z.int(),
  contentType: z.string(),
  uploadedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

/**
 * GET /api/case-resolution/details/{id}: the spec's two objects, plus the status history and the
 * documents' names and sizes the details page shows.
 */
export const caseDetailsResponse = z.object({
  caseResolutionDTO: caseResolutionResponse,
  vehicleRegistrationDTO: z.nullable(vehicleRegistrationResponse),
  statusHistory: z.array(caseStatusHistoryEntry),
  documents: z.array(documentSummary),
});
export type CaseDetailsResponse = z.infer<typeof caseDetailsResponse>;

export const caseStatusParams = z.object({ status: z.enum(CASE_STATUSES) });
export const caseStatusUpdateParams = z.object({ id: positiveId, status: z.enum(CASE_STATUSES) });

/**
 * GET /api/case-resolution/status/{status}?q=: staff may narrow the list to cases whose type,
 * applicant (first name, last name, username), number plate, comments or number contain `q`.
 */
export const caseListQuery = z.object({ q: searchTextField(CASE_SEARCH_MAX, api.searchTooLong) });
export type CaseListQuery = z.output<typeof caseListQuery>;

/** The message to the applicant: trimmed, bounded, no hidden direction marks; blank is none. */
export const caseDecisionReasonField = z.pipe(
  z.nullish(
    z
      .string({ error: api.reasonTooLong })
      .check(
        z.trim(),
        z.maxLength(CASE_DECISION_REASON_MAX, stopWhenLonger(api.reasonTooLong)),
        z.refine(hasNoBidiControl, freeTextMessages.bidiControl),
      ),
  ),
  z.transform((reason: string | null | undefined) => (reason && isVisibleText(reason) ? reason : null)),
);

/**
 * PUT /api/case-resolution/{id}/update-status/{status}: the spec sends no body (the reason is then
 * absent); a body, when sent, carries the message to the applicant. The web form also requires it
 * for REJECTED (`caseStatusFormSchema`); the API keeps it optional so the spec's call still works.
 */
export const caseStatusUpdateRequest = z.object({ reason: caseDecisionReasonField });
export type CaseStatusUpdateRequest = z.input<typeof caseStatusUpdateRequest>;

/** The web's status form: the API's rule plus "REJECTED needs a reason". */
export const caseStatusFormSchema = z
  .object({
    status: z.enum(CASE_STATUSES),
    reason: z.string().check(z.trim(), z.maxLength(CASE_DECISION_REASON_MAX, api.reasonTooLong), z.refine(hasNoBidiControl, freeTextMessages.bidiControl)),
  })
  .check(
    z.superRefine((form, context) => {
      if (CASE_STATUSES_NEEDING_REASON.includes(form.status) && !isVisibleText(form.reason)) {
        context.addIssue({ code: 'custom', path: ['reason'], message: api.reasonRequired });
      }
    }),
  );
export type CaseStatusFormValues = z.output<typeof caseStatusFormSchema>;

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

/** POST /api/documents/case: the case object (only its id is read) -> its document UUIDs. */
export const documentsForCaseRequest = z.object({ id: jsonId });
export const documentUuidListResponse = z.array(z.string());

export const documentParams = z.object({ uuid: z.uuid({ error: 'Must be a document UUID' }) });

export const PDF_DATA_URL_PREFIX = `data:${PDF_CONTENT_TYPE};base64,`;

/** GET /api/documents/{uuid} (spec section 3: a base64 data URL and the name). */
export const documentContentResponse = z.object({
  pdfContent: z.string().check(z.startsWith(PDF_DATA_URL_PREFIX)),
  documentName: z.string(),
});
export type DocumentContentResponse = z.infer<typeof documentContentResponse>;

/** POST /api/case-resolution/{id}/add-document answers the stored document. */
export const addDocumentResponse = documentSummary;

/** Live update to a case's citizen (and staff): its status changed. */
export const caseStatusEvent = z.object({
  type: z.literal('case-status'),
  caseId: z.int(),
  status: z.enum(CASE_STATUSES),
  changedAt: z.string(),
});
export type CaseStatusEvent = z.infer<typeof caseStatusEvent>;

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

/** caseMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const caseMessagesPl: PolishTexts<typeof caseMessages> = {
  plateInvalid: 'Nieprawidłowy numer rejestracyjny. Użyj polskiego formatu (np. „KR 12345”).',
  vinLength: `VIN musi mieć dokładnie ${polishCount(VIN_LENGTH, POLISH_CHARACTERS)}.`,
  vinRequired: 'Numer VIN jest wymagany.',
  yearInvalid: 'Podaj prawidłowy rok produkcji pojazdu.',
  makeRequired: 'Marka pojazdu jest wymagana.',
  modelRequired: 'Model pojazdu jest wymagany.',
  registrationDateRequired: 'Data rejestracji jest wymagana.',
  colorRequired: 'Kolor pojazdu jest wymagany.',
  fixErrors: 'Popraw błędy w formularzu.',
  onlyPdf: 'Dozwolone są tylko pliki PDF.',
  created: 'Sprawa została utworzona!',
  createError: 'Wystąpił błąd podczas tworzenia sprawy.',
  noComments: 'Brak uwag',
  noDocuments: 'Brak dokumentów w tej sprawie.',
};

/** caseApiMessages in Polish, key for key (the web's second language; the English above is the spec's). */
export const caseApiMessagesPl: PolishTexts<typeof caseApiMessages> = {
  vehicleRequired: 'Sprawa rejestracji pojazdu wymaga danych pojazdu.',
  vehicleNotAllowed: 'Dane pojazdu ma tylko sprawa rejestracji pojazdu.',
  textTooLong: `Maksymalnie ${polishCount(VEHICLE_TEXT_MAX, POLISH_CHARACTERS)}.`,
  commentsTooLong: `Uwagi mogą mieć najwyżej ${polishCount(CASE_COMMENTS_MAX, POLISH_CHARACTERS)}.`,
  unknownUser: 'Nie ma takiego użytkownika.',
  fileMissing: 'Wyślij plik jako część formularza o nazwie „file”.',
  fileEmpty: 'Plik jest pusty.',
  fileTooLarge: 'Plik jest większy niż {{max}} MiB.',
  tooManyDocuments: `Sprawa może mieć najwyżej ${polishCount(CASE_DOCUMENTS_MAX, { one: 'dokument', few: 'dokumenty', many: 'dokumentów' })}.`,
  notMultipart: 'Wyślij dokument jako multipart/form-data.',
  ownerNotCitizen: 'Sprawę można założyć tylko dla konta obywatela (USER).',
  openCasesQuota: 'Masz zbyt wiele otwartych spraw. Poczekaj, aż część z nich zostanie rozpatrzona, zanim założysz nową.',
  documentBytesQuota: 'Twoje dokumenty zajmują całe miejsce przysługujące obywatelowi. Jeśli potrzebujesz więcej, skontaktuj się z urzędem.',
  uploadsInFlightQuota: 'Wysyłasz już kilka dokumentów. Poczekaj, aż zostaną przesłane, i spróbuj ponownie.',
  reasonRequired: 'Napisz wnioskodawcy uzasadnienie odrzucenia.',
  reasonTooLong: 'Wiadomość do wnioskodawcy może mieć najwyżej 1000 znaków.',
  searchTooLong: 'Tekst wyszukiwania może mieć najwyżej 100 znaków.',
};
