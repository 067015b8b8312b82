import type { CaseStatus } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchCaseDetails, fetchCasesByStatus, fetchUserCases } from './calls';
import { caseDetailsQueryKey, casesByStatusQueryKey, userCasesQueryKey } from './query-keys';

/** `q` (staff's search) narrows the list on the server; the last answer stays shown while the next one loads. */
export function useCasesByStatus(status: CaseStatus, q = '') {
  return useQuery({ queryKey: casesByStatusQueryKey(status, q), queryFn: () => fetchCasesByStatus(status, q), placeholderData: keepPreviousData });
}

export function useUserCases(userId: number) {
  return useQuery({ queryKey: userCasesQueryKey(userId), queryFn: () => fetchUserCases(userId) });
}

export function useCaseDetails(caseId: number | null) {
  return useQuery({
    queryKey: caseDetailsQueryKey(caseId ?? 0),
    queryFn: () => fetchCaseDetails(caseId ?? 0),
    enabled: caseId !== null,
  });
}
