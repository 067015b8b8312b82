import type { RealtimeEvent } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { catchUp } from '../../../lib/catch-up';
import { useRealtimeEvents } from '../../../lib/realtime';
import { allMessagesQueryKey, conversationsQueryKey } from '../api/query-keys';
import { applyRealtimeEvent } from './live-updates';
import type { Viewer } from './unread';

type LettersRealtimeOptions = {
  meId: number;
  /** The selected conversation: followed explicitly (an ADMIN must; harmless for participants). */
  followedConversationId: number | undefined;
  /** The conversation whose chat is on screen now; its messages are read as they arrive. */
  shownConversationId: number | undefined;
};

/**
 * Keeps the letters data live over the WebSocket. Each time the socket opens (the first time too)
 * everything is fetched again, as events may have been missed before the server knew it.
 */
export function useLettersRealtime({ meId, followedConversationId, shownConversationId }: LettersRealtimeOptions): { isConnected: boolean } {
  const queryClient = useQueryClient();
  const viewer = useRef<Viewer>({ meId, shownConversationId });
  useEffect(() => {
    viewer.current = { meId, shownConversationId };
  }, [meId, shownConversationId]);

  const onEvent = useCallback((event: RealtimeEvent) => applyRealtimeEvent(queryClient, event, viewer.current), [queryClient]);
  const onCatchUp = useCallback(() => {
    catchUp(queryClient, conversationsQueryKey);
    catchUp(queryClient, allMessagesQueryKey);
  }, [queryClient]);
  return useRealtimeEvents({
    enabled: true,
    onEvent,
    onCatchUp,
    conversationIds: followedConversationId === undefined ? [] : [followedConversationId],
  });
}
