import type { UserResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveClosure, refuseClosure, registerEmployee, setEmployeeEnabled } from './calls';
import { auditQueryKey, closureRequestsQueryKey, employeesQueryKey } from './query-keys';

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

/** Issue 35: approving closes the account, refusing sends the reason; either way the request leaves the list. */
export function useDecideClosureMutation() {
  const queryClient = useQueryClient();
  const refreshAudit = useRefreshAudit();
  return useMutation({
    mutationFn: async (decision: { userId: number; refuse?: string }): Promise<{ pseudonym: string | null }> =>
      decision.refuse === undefined ? approveClosure(decision.userId) : { pseudonym: (await refuseClosure(decision.userId, decision.refuse)) && null },
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: closureRequestsQueryKey }), refreshAudit()]);
    },
  });
}
