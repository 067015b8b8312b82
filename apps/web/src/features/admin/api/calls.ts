import {
  closureApprovedResponse,
  closureRequestListResponse,
  closureStatusResponse,
  myDataPaths,
  auditListResponse,
  auditVerifyResponse,
  type AuditAction,
  type AuditListResponse,
  type AuditVerifyResponse,
  type RegisterEmployeeRequest,
  type Role,
  type UserResponse,
  type UserSummary,
  USER_PAGE_MAX,
  userListResponse,
  userResponse,
  userSummaryListResponse,
  passwordPaths,
  sendResetResponse,
  type SendResetResponse,
} from '@portal/contract';
import { http, request } from '../../../lib/http';

// One function per API operation of the Admin Dashboard (spec section 7 and the audit routes).

/** The Audit Log's filters as the admin chose them; dates are local calendar days (YYYY-MM-DD). */
export type AuditFilters = { actorId?: number; action?: AuditAction; fromDay?: string; toDay?: string };

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an ISO instant for the API. */
function localMidnight(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + plusDays).toISOString();
}

/** The filters as query parameters: the "to" day is included, so the range ends at the next midnight. */
export function auditQuery(filters: AuditFilters, page?: { page: number; pageSize: number }): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.actorId !== undefined) query.set('actorId', String(filters.actorId));
  if (filters.action) query.set('action', filters.action);
  if (filters.fromDay) query.set('from', localMidnight(filters.fromDay));
  if (filters.toDay) query.set('to', localMidnight(filters.toDay, 1));
  if (page) {
    query.set('page', String(page.page));
    query.set('pageSize', String(page.pageSize));
  }
  return query;
}

export const registerEmployee = (body: RegisterEmployeeRequest): Promise<UserResponse> =>
  http.post('/register/employee', body, userResponse);
/** Issue 21: removes a person's second factor (audited); they set it up again at their next sign-in. */
export const resetTwoFactor = (id: number): Promise<unknown> => http.delete(`/api/users/${id}/two-factor`);
export const fetchEmployees = (): Promise<UserResponse[]> => http.get('/api/users/employees', userListResponse);
export const setEmployeeEnabled = (id: number, enabled: boolean): Promise<UserResponse> =>
  http.put(`/api/users/${enabled ? 'activate' : 'deactivate'}/${id}`, undefined, userResponse);
/** One page of the server's user search: staff of one role whose username contains `text`. */
export const searchUsers = (role: Role, text: string): Promise<UserSummary[]> => {
  const query = new URLSearchParams({ role, limit: String(USER_PAGE_MAX) });
  if (text) query.set('q', text);
  return http.get(`/api/users?${query}`, userSummaryListResponse);
};

/** Issue 35: every account whose username contains `text` (citizens and staff), for sending a reset link. */
export const findAccounts = (text: string): Promise<UserSummary[]> =>
  http.get(`/api/users?${new URLSearchParams({ q: text, limit: String(USER_PAGE_MAX) })}`, userSummaryListResponse);
/** Issue 35: emails the account a one-use password-reset link (audited); answers where it went. */
export const sendPasswordReset = (id: number): Promise<SendResetResponse> => http.post(passwordPaths.sendReset(id), undefined, sendResetResponse);

/** The roles the Audit Log's staff filter lists. */
export const STAFF_ROLES = ['ADMIN', 'EMPLOYEE'] as const satisfies readonly Role[];
export const fetchAudit = (filters: AuditFilters, page: number, pageSize: number): Promise<AuditListResponse> =>
  http.get(`/api/audit?${auditQuery(filters, { page, pageSize })}`, auditListResponse);
export const verifyAudit = (): Promise<AuditVerifyResponse> => http.get('/api/audit/verify', auditVerifyResponse);
/** The CSV as text: fetched with the same credentials as every call, then saved by the page. */
export const exportAuditCsv = (filters: AuditFilters): Promise<string> =>
  request(`/api/audit/export.csv?${auditQuery(filters)}`).then((body) => (typeof body === 'string' ? body : ''));


/** Issue 35: the requests to close an account that wait for an admin, and the two answers to one. */
export const fetchClosureRequests = () => http.get(myDataPaths.closureRequests, closureRequestListResponse);
export const approveClosure = (userId: number) => http.post(myDataPaths.approve(userId), undefined, closureApprovedResponse);
export const refuseClosure = (userId: number, reason: string) => http.post(myDataPaths.refuse(userId), { reason }, closureStatusResponse);
