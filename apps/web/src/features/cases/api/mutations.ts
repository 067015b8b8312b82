import type { CaseStatus } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCaseStatus } from './calls';
import { caseDetailsQueryKey, caseListsQueryKey } from './query-keys';

/** Spec section 4: after a status change the pending list is loaded again (and the case's details). */
export function useUpdateCaseStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, status, reason = null }: { caseId: number; status: CaseStatus; reason?: string | null }) =>
      updateCaseStatus(caseId, status, reason),
    onSuccess: (_answer, { caseId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: caseDetailsQueryKey(caseId) }),
      ]),
  });
}
