import type { ConversationStatus, MessageResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchMessages, fetchStaffConversations, fetchUserConversations } from './calls';
import { messagesQueryKey, staffConversationsQueryKey, userConversationsQueryKey } from './query-keys';

/** While the live connection is down, an open chat asks for its messages this often. */
export const CHAT_POLL_INTERVAL_MS = 10_000;
/** New letters and takes arrive live; the open list also refreshes itself while shown, in case one was missed. */
export const OPEN_LIST_POLL_INTERVAL_MS = 30_000;

/** A message in the chat; `isPending` marks the optimistic copy shown before the server answers. */
export type ChatMessage = MessageResponse & { isPending?: boolean };

export function useStaffConversations(status: ConversationStatus, employeeId: number, options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: staffConversationsQueryKey(status, employeeId),
    queryFn: () => fetchStaffConversations(status, employeeId),
    refetchInterval: options.refetchInterval,
  });
}

export function useUserConversations(userId: number) {
  return useQuery({ queryKey: userConversationsQueryKey(userId), queryFn: () => fetchUserConversations(userId) });
}

export function useMessages(conversationId: number, isLive: boolean) {
  return useQuery<ChatMessage[]>({
    queryKey: messagesQueryKey(conversationId),
    queryFn: () => fetchMessages(conversationId),
    staleTime: isLive ? 30_000 : 0,
    refetchInterval: isLive ? false : CHAT_POLL_INTERVAL_MS,
  });
}
