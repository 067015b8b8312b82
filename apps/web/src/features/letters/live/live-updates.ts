import type { RealtimeEvent } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { withIncomingMessage, type ChatPages } from '../api/chat-pages';
import { conversationsQueryKey, isListWithUnreadCounts, messagesQueryKey } from '../api/query-keys';
import { isUnreadFor, type Viewer } from './unread';

/**
 * A pushed message joins its chat; when it is unread for the viewer (someone else's, in a chat not
 * on screen) the lists with unread counts are fetched again, so the server's count shows on the
 * entry and the tab.
 * A status change refreshes every conversation list (the status, who handles it).
 */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent, viewer: Viewer): void {
  if (event.type === 'message') {
    queryClient.setQueryData<ChatPages>(messagesQueryKey(event.conversationId), (data) => withIncomingMessage(data, event.message));
    // The open queue shows no counts: a chat message never needs it fetched again.
    if (isUnreadFor(event, viewer)) {
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, predicate: (query) => isListWithUnreadCounts(query.queryKey) });
    }
  } else if (event.type !== 'notification') {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  }
}
