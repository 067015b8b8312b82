import type { CaseDetailsResponse, CaseStatusEvent, RealtimeEvent } from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { catchUp } from '../../../lib/catch-up';
import { useRealtimeEvents } from '../../../lib/realtime';
import { caseDetailsQueryKey, caseListsQueryKey, casesQueryKey } from '../api/query-keys';

/**
 * A case's new status, applied at once to its open details (the history arrives with the refetch),
 * and every list refreshed: the case may have left the pending list.
 */
export function applyCaseStatusEvent(queryClient: QueryClient, event: CaseStatusEvent): void {
  queryClient.setQueryData<CaseDetailsResponse>(caseDetailsQueryKey(event.caseId), (details) =>
    details
      ? { ...details, caseResolutionDTO: { ...details.caseResolutionDTO, status: event.status, statusChangedAt: event.changedAt } }
      : details,
  );
  void queryClient.invalidateQueries({ queryKey: caseDetailsQueryKey(event.caseId) });
  void queryClient.invalidateQueries({ queryKey: caseListsQueryKey });
}

/**
 * Keeps the Case Resolutions page live over the WebSocket: the citizen's open details follow the
 * status an employee sets, without a reload. Each time the socket opens, everything is fetched again.
 */
export function useCasesRealtime(onStatus?: (event: CaseStatusEvent) => void): { isConnected: boolean } {
  const queryClient = useQueryClient();
  const listener = useRef(onStatus);
  useEffect(() => {
    listener.current = onStatus;
  }, [onStatus]);
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type !== 'case-status') return;
      applyCaseStatusEvent(queryClient, event);
      listener.current?.(event);
    },
    [queryClient],
  );
  const onCatchUp = useCallback(() => catchUp(queryClient, casesQueryKey), [queryClient]);
  return useRealtimeEvents({ enabled: true, onEvent, onCatchUp });
}
