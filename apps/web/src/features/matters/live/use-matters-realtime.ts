import type { RealtimeEvent } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catchUp } from '../../../lib/catch-up';
import { useRealtimeEvents } from '../../../lib/realtime';
import { mattersListsQueryKey } from '../api/queries';

/**
 * Keeps "My matters" current while it is open: whatever reaches the citizen's tab (a reply, a
 * conversation's or case's new status, a bell entry such as a delay notice or a prompt's answer)
 * may move a matter, change whose move it is or its date, so the lists are read again. Each time the
 * socket opens, they are read again too (an event sent before it reached no one).
 */
export function useMattersRealtime(): { isConnected: boolean } {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (_event: RealtimeEvent) => void queryClient.invalidateQueries({ queryKey: mattersListsQueryKey }),
    [queryClient],
  );
  const onCatchUp = useCallback(() => catchUp(queryClient, mattersListsQueryKey), [queryClient]);
  return useRealtimeEvents({ enabled: true, onEvent, onCatchUp });
}
