import type { CaseStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchCaseDetails, fetchCasesByStatus, fetchUserCases } from './calls';
import { caseDetailsQueryKey, casesByStatusQueryKey, userCasesQueryKey } from './query-keys';

export function useCasesByStatus(status: CaseStatus) {
  return useQuery({ queryKey: casesByStatusQueryKey(status), queryFn: () => fetchCasesByStatus(status) });
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
