import { z } from 'zod/mini';
import {
  CASE_COMMENTS_MAX,
  CASE_DECISION_REASON_MAX,
  CASE_SEARCH_MAX,
  CASE_STATUSES,
  CASE_STATUSES_NEEDING_REASON,
  CASE_TYPES,
  caseApiMessages,
  caseMessages,
  currentYear,
  DEFAULT_CASE_TYPE,
  DEFAULT_VEHICLE_TYPE,
  PDF_DATA_URL_PREFIX,
  VEHICLE_PLATE_PATTERN,
  VEHICLE_TEXT_MAX,
  VEHICLE_TYPES,
  VEHICLE_YEAR_MIN,
  VIN_LENGTH,
} from './cases.js';
import { isIsoDate } from './dates.js';
import { fieldMessages, isOneLine, stopWhenLonger } from './fields.js';
import { jsonId, positiveId, requiredText, searchTextField, singleLineText } from './fields-schemas.js';
import { freeTextMessages, hasNoBidiControl, isVisibleText } from './free-text.js';

// The cases domain's zod schemas: what the API validates and the web's forms resolve with. Its
// enums, limits and messages are in cases.ts, which the web's texts import without building these.

/** The longest text VEHICLE_PLATE_PATTERN accepts: three letters, a space, five characters. */
const VEHICLE_PLATE_MAX = 9;

const m = caseMessages;
const api = caseApiMessages;

const boundedText = (requiredMessage: string) => singleLineText(VEHICLE_TEXT_MAX, { required: requiredMessage, tooLong: api.textTooLong });

/** An enum field whose absent forms (missing, null, an empty choice) take the spec's default. */
const withDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.pipe(
    z.nullish(z.union([z.enum(values), z.literal('')])),
    z.transform((value: T[number] | '' | null | undefined): T[number] => value || fallback),
  );

export const vehicleNumberPlateField = z
  .string({ error: m.plateInvalid })
  .check(z.trim(), z.maxLength(VEHICLE_PLATE_MAX, stopWhenLonger(m.plateInvalid)), z.regex(VEHICLE_PLATE_PATTERN, m.plateInvalid));

export const vehicleVinField = z.string({ error: m.vinRequired }).check(
  z.trim(),
  z.minLength(1, m.vinRequired),
  z.refine((vin: string) => vin.length === 0 || vin.length === VIN_LENGTH, m.vinLength),
  z.refine(isOneLine, fieldMessages.notOneLine),
);

/** 1886 (the first car) up to the current year; checked when parsed, so it follows the calendar. */
export const vehicleYearField = z.number({ error: m.yearInvalid }).check(
  z.int(m.yearInvalid),
  z.gte(VEHICLE_YEAR_MIN, m.yearInvalid),
  z.refine((year: number) => year <= currentYear(), m.yearInvalid),
);

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
    z.nullish(
      z
        .string()
        .check(z.trim(), z.maxLength(CASE_COMMENTS_MAX, api.commentsTooLong), z.refine(hasNoBidiControl, freeTextMessages.bidiControl)),
    ),
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
  /** The last day of the office's term to decide, YYYY-MM-DD in Warsaw (KPA art. 35 and 57; server-computed); null while it waits for the citizen. */
  dueDate: z.nullable(z.string()),
  /** The term in months: the case type's when submitted, its longer one once a clerk finds it particularly complicated. */
  termMonths: z.int(),
  /** "due-soon" or "overdue" for the staff's lists (issue 32 point 5), null otherwise; server-computed. */
  // deadlines.ts's DEADLINE_STATES, written here: importing that file would put its words in the dashboards' first download.
  deadline: z.optional(z.nullable(z.enum(['due-soon', 'overdue']))),
  /** The clerk's reason the case is particularly complicated (art. 35 §3), or null. */
  complicatedReason: z.nullable(z.string()),
  /** The first and last name of the clerk who set the case in progress (issue 33); null while nobody has. */
  handlerName: z.nullable(z.string()),
  /** The office asked the citizen to supplement the case and waits for the answer (issue 32 point 8; the clock is paused). */
  waitingForCitizen: z.boolean(),
  /** The case is open again on the citizen's appeal of a rejection (issue 32 point 8). */
  onAppeal: z.boolean(),
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
  /** 'appeal': the change the citizen's appeal made (the case back in the office's lists); null for staff's changes. */
  kind: z.nullable(z.enum(['appeal'])),
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
    reason: z
      .string()
      .check(z.trim(), z.maxLength(CASE_DECISION_REASON_MAX, api.reasonTooLong), z.refine(hasNoBidiControl, freeTextMessages.bidiControl)),
  })
  .check(
    z.superRefine((form, context) => {
      if (CASE_STATUSES_NEEDING_REASON.includes(form.status) && !isVisibleText(form.reason)) {
        context.addIssue({ code: 'custom', path: ['reason'], message: api.reasonRequired });
      }
    }),
  );
export type CaseStatusFormValues = z.output<typeof caseStatusFormSchema>;

/** POST /api/documents/case: the case object (only its id is read) -> its document UUIDs. */
export const documentsForCaseRequest = z.object({ id: jsonId });
export const documentUuidListResponse = z.array(z.string());

export const documentParams = z.object({ uuid: z.uuid({ error: 'Must be a document UUID' }) });

/** GET /api/documents/{uuid} (spec section 3: a base64 data URL and the name). */
export const documentContentResponse = z.object({
  pdfContent: z.string().check(z.startsWith(PDF_DATA_URL_PREFIX)),
  documentName: z.string(),
});
export type DocumentContentResponse = z.infer<typeof documentContentResponse>;

/** POST /api/case-resolution/{id}/add-document answers the stored document. */
export const addDocumentResponse = documentSummary;
