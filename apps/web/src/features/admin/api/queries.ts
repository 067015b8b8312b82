import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { compareNames } from '../../../lib/format';
import { type AuditFilters, fetchAudit, fetchClosureRequests, fetchEmployees, searchUsers, STAFF_ROLES, verifyAudit } from './calls';
import { auditQueryKey, auditVerifyQueryKey, closureRequestsQueryKey, employeesQueryKey, staffQueryKey } from './query-keys';

/** The Manage Employees table (also asked for by the router as the Admin Dashboard's code loads). */
export const employeesQuery = queryOptions({ queryKey: employeesQueryKey, queryFn: fetchEmployees });

export function useEmployees() {
  return useQuery(employeesQuery);
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
      return pages.flat().sort((a, b) => compareNames(a.username, b.username));
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


/** Requests to close an account that wait for an admin (issue 35): the tab's count and its list. */
export function useClosureRequests() {
  return useQuery({ queryKey: closureRequestsQueryKey, queryFn: fetchClosureRequests });
}
