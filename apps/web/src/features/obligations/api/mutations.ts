import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createObligation } from './calls';
import { userObligationsQueryKey } from './query-keys';

export function useCreateObligationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObligation,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: userObligationsQueryKey(created.interestId) }),
  });
}
