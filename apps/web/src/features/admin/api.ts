import {
  auditListResponse,
  auditVerifyResponse,
  type AuditAction,
  type AuditListResponse,
  type AuditVerifyResponse,
  type RegisterEmployeeRequest,
  type Role,
  type UserResponse,
  USER_PAGE_MAX,
  userListResponse,
  userResponse,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../lib/http';

// The Admin Dashboard's calls (spec section 7 and the audit routes), their query keys and hooks.

export const employeesQueryKey = ['users', 'employees'] as const;
export const staffQueryKey = ['users', 'staff'] as const;
export const auditQueryKey = ['audit'] as const;
export const auditVerifyQueryKey = ['audit', 'verify'] as const;

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
export const fetchEmployees = (): Promise<UserResponse[]> => http.get('/api/users/employees', userListResponse);
export const setEmployeeEnabled = (id: number, enabled: boolean): Promise<UserResponse> =>
  http.put(`/api/users/${enabled ? 'activate' : 'deactivate'}/${id}`, undefined, userResponse);
/** One page of the server's user search: staff of one role whose username contains `text`. */
const searchUsers = (role: Role, text: string): Promise<UserResponse[]> => {
  const query = new URLSearchParams({ role, limit: String(USER_PAGE_MAX) });
  if (text) query.set('q', text);
  return http.get(`/api/users?${query}`, userListResponse);
};

const STAFF_ROLES = ['ADMIN', 'EMPLOYEE'] as const satisfies readonly Role[];
export const fetchAudit = (filters: AuditFilters, page: number, pageSize: number): Promise<AuditListResponse> =>
  http.get(`/api/audit?${auditQuery(filters, { page, pageSize })}`, auditListResponse);
export const verifyAudit = (): Promise<AuditVerifyResponse> => http.get('/api/audit/verify', auditVerifyResponse);
/** The CSV as text: fetched with the same credentials as every call, then saved by the page. */
export const exportAuditCsv = (filters: AuditFilters): Promise<string> =>
  request(`/api/audit/export.csv?${auditQuery(filters)}`).then((body) => (typeof body === 'string' ? body : ''));

export function useEmployees() {
  return useQuery({ queryKey: employeesQueryKey, queryFn: fetchEmployees });
}

/**
 * Admins and employees whose username contains `text` (all of them for an empty text, a page of
 * each role): the people the Audit Log can be filtered by. The server searches; citizens, however
 * many, are never loaded.
 */
export function useStaff(text: string) {
  const wanted = text.trim();
  return useQuery({
    queryKey: [...staffQueryKey, wanted],
    queryFn: async () => {
      const pages = await Promise.all(STAFF_ROLES.map((role) => searchUsers(role, wanted)));
      return pages.flat().sort((a, b) => a.username.localeCompare(b.username));
    },
    // The list stays while the next text's answer is on its way.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...auditQueryKey, 'list', filters, page, pageSize],
    queryFn: () => fetchAudit(filters, page, pageSize),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditVerify() {
  return useQuery({ queryKey: auditVerifyQueryKey, queryFn: verifyAudit, staleTime: 0 });
}

/** Every staff action adds an audit row: the log and its check are stale afterwards. */
function useRefreshAudit() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: auditQueryKey });
}

export function useRegisterEmployeeMutation() {
  const queryClient = useQueryClient();
  const refreshAudit = useRefreshAudit();
  return useMutation({
    mutationFn: registerEmployee,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: employeesQueryKey }), refreshAudit()]);
    },
  });
}

/** Spec section 4: the row updates with the `enabled` the API answers. */
export function useSetEmployeeEnabledMutation() {
  const queryClient = useQueryClient();
  const refreshAudit = useRefreshAudit();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setEmployeeEnabled(id, enabled),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserResponse[]>(employeesQueryKey, (list) =>
        list?.map((employee) => (employee.id === answer.id ? { ...employee, enabled: answer.enabled } : employee)),
      );
      void refreshAudit();
    },
  });
}
