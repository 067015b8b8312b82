import {
  addDocumentResponse,
  caseDetailsResponse,
  caseResolutionListResponse,
  caseResolutionResponse,
  DOCUMENT_FILE_FIELD,
  type CaseDetailsResponse,
  type CaseResolutionInput,
  type CaseResolutionResponse,
  type CaseStatus,
  type CaseStatusUpdateRequest,
  type DocumentSummary,
  type StaffCaseListResponse,
  staffCaseListResponse,
  type StaffCaseView,
  type VehicleRegistrationInput,
} from '@portal/contract';
import { http, requestBlob, uploadForm } from '../../../lib/http';

// One function per API operation of spec section 7 (plus the raw download the design adds).

export interface CreateCaseBody {
  caseResolutionDTO: CaseResolutionInput;
  vehicleRegistrationDTO?: VehicleRegistrationInput | null;
}

export function createCase(body: CreateCaseBody): Promise<CaseResolutionResponse> {
  return http.post('/api/case-resolution/create/VehicleRegistration', body, caseResolutionResponse);
}

export function fetchCasesByStatus(status: CaseStatus, q = ''): Promise<CaseResolutionResponse[]> {
  const search = q === '' ? '' : `?${new URLSearchParams({ q }).toString()}`;
  return http.get(`/api/case-resolution/status/${status}${search}`, caseResolutionListResponse);
}

/** Staff's lists beside the pending one (issue 33): in progress, Mine, decided; a page at a time. */
export function fetchStaffCases(view: StaffCaseView, q: string, page: number): Promise<StaffCaseListResponse> {
  const query = new URLSearchParams({ page: String(page), ...(q === '' ? {} : { q }) });
  return http.get(`/api/case-resolution/staff/${view}?${query.toString()}`, staffCaseListResponse);
}

export function fetchUserCases(userId: number): Promise<CaseResolutionResponse[]> {
  return http.get(`/api/case-resolution/user/${userId}`, caseResolutionListResponse);
}

export function fetchCaseDetails(caseId: number): Promise<CaseDetailsResponse> {
  return http.get(`/api/case-resolution/details/${caseId}`, caseDetailsResponse);
}

/** The spec's call; the message to the applicant, when written, goes in the body the contract adds. */
export function updateCaseStatus(caseId: number, status: CaseStatus, reason: string | null = null): Promise<CaseResolutionResponse> {
  const body: CaseStatusUpdateRequest | undefined = reason ? { reason } : undefined;
  return http.put(`/api/case-resolution/${caseId}/update-status/${status}`, body, caseResolutionResponse);
}

/** One file per call, as a multipart `file` part; `onProgress` follows the bytes leaving the browser. */
export async function uploadCaseDocument(caseId: number, file: File, onProgress?: (fraction: number) => void): Promise<DocumentSummary> {
  const form = new FormData();
  form.append(DOCUMENT_FILE_FIELD, file, file.name);
  return addDocumentResponse.parse(await uploadForm(`/api/case-resolution/${caseId}/add-document`, form, { onProgress }));
}

/** The document exactly as uploaded. */
export function fetchDocument(uuid: string, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(`/api/documents/${uuid}/download`, signal);
}
