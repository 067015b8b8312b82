import type { MessageResponse, RealtimeEvent } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../api/queries';
import { conversationsQueryKey, messagesQueryKey } from '../api/query-keys';

/** Adds a pushed message to a loaded chat, replacing the sender's optimistic copy of it. */
export function addIncomingMessage(list: ChatMessage[] | undefined, message: MessageResponse): ChatMessage[] | undefined {
  if (!list) return list;
  if (list.some((existing) => existing.id === message.id)) return list;
  const copyIndex = list.findIndex(
    (existing) => existing.isPending === true && existing.senderId === message.senderId && existing.content === message.content,
  );
  if (copyIndex === -1) return [...list, message];
  return list.map((existing, index) => (index === copyIndex ? message : existing));
}

/** A pushed message joins its chat; a status change refreshes every conversation list. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'message') {
    queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(event.conversationId), (list) => addIncomingMessage(list, event.message));
  } else {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  }
}
