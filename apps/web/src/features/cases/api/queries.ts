import type { CaseStatus, StaffCaseView } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCaseDetails, fetchCasesByStatus, fetchStaffCases, fetchUserCases } from './calls';
import { caseDetailsQueryKey, casesByStatusQueryKey, staffCasesQueryKey, userCasesQueryKey } from './query-keys';

/** The cases of a status (also asked for by the router as the Case Resolutions code loads). */
export const casesByStatusQuery = (status: CaseStatus, q = '') =>
  queryOptions({ queryKey: casesByStatusQueryKey(status, q), queryFn: () => fetchCasesByStatus(status, q) });

/** A citizen's own cases (also asked for by the router as the Case Resolutions code loads). */
export const userCasesQuery = (userId: number) => queryOptions({ queryKey: userCasesQueryKey(userId), queryFn: () => fetchUserCases(userId) });

/** `q` (staff's search) narrows the list on the server; the last answer stays shown while the next one loads. */
export function useCasesByStatus(status: CaseStatus, q = '') {
  return useQuery({ ...casesByStatusQuery(status, q), placeholderData: keepPreviousData });
}

export function useUserCases(userId: number) {
  return useQuery(userCasesQuery(userId));
}

export function useCaseDetails(caseId: number | null) {
  return useQuery({
    queryKey: caseDetailsQueryKey(caseId ?? 0),
    queryFn: () => fetchCaseDetails(caseId ?? 0),
    enabled: caseId !== null,
  });
}

/** One page of a staff list; the last page stays shown while the next one loads. */
export function useStaffCases(view: StaffCaseView, q: string, page: number) {
  return useQuery({ queryKey: staffCasesQueryKey(view, q, page), queryFn: () => fetchStaffCases(view, q, page), placeholderData: keepPreviousData });
}
