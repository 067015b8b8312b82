import type { RealtimeEvent } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvents } from '../../../lib/realtime';
import { allMessagesQueryKey, conversationsQueryKey } from '../api/query-keys';
import { applyRealtimeEvent } from './live-updates';
import { countUnread, markRead, type UnreadMessages } from './unread';

/**
 * Keeps the letters data live over the WebSocket; `watchedConversationId` is the open chat, which
 * an ADMIN must subscribe to explicitly (harmless for participants). After a reconnect everything
 * is fetched again, as events may have been missed. `unread` counts the messages others pushed to
 * the other conversations while this page is shown (kept in memory only); opening one clears it.
 */
export function useLettersRealtime(watchedConversationId: number | undefined, meId: number): { isConnected: boolean; unread: UnreadMessages } {
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState<UnreadMessages>(() => new Map());
  const [readConversationId, setReadConversationId] = useState(watchedConversationId);
  if (readConversationId !== watchedConversationId) {
    // Opening a conversation clears its count (adjusted while rendering, not in an effect).
    setReadConversationId(watchedConversationId);
    setUnread((current) => markRead(current, watchedConversationId));
  }
  const viewer = useRef({ meId, openConversationId: watchedConversationId });
  useEffect(() => {
    viewer.current = { meId, openConversationId: watchedConversationId };
  }, [meId, watchedConversationId]);

  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      applyRealtimeEvent(queryClient, event);
      setUnread((current) => countUnread(current, event, viewer.current));
    },
    [queryClient],
  );
  const onReconnect = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: allMessagesQueryKey });
  }, [queryClient]);
  const { isConnected } = useRealtimeEvents({
    enabled: true,
    onEvent,
    onReconnect,
    conversationIds: watchedConversationId === undefined ? [] : [watchedConversationId],
  });
  return { isConnected, unread };
}
