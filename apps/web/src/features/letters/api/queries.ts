import { MESSAGE_PAGE_SIZE, type ConversationStatus } from '@portal/contract';
import { queryOptions, replaceEqualDeep, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchMessagesPage, fetchStaffConversations, fetchUserConversations } from './calls';
import { olderPageParam, withRefetchedPages, type ChatMessage, type ChatPages } from './chat-pages';
import { messagesQueryKey, staffConversationsQueryKey, userConversationsQueryKey } from './query-keys';

export type { ChatMessage, ChatPages } from './chat-pages';

/** While the live connection is down, an open chat asks for its messages this often. */
export const CHAT_POLL_INTERVAL_MS = 10_000;
/** New letters and takes arrive live; the open list also refreshes itself while shown, in case one was missed. */
export const OPEN_LIST_POLL_INTERVAL_MS = 30_000;

/** One queue of the Employee Dashboard (also asked for by the router as the screen's code loads). */
export const staffConversationsQuery = (status: ConversationStatus, employeeId: number) =>
  queryOptions({ queryKey: staffConversationsQueryKey(status, employeeId), queryFn: () => fetchStaffConversations(status, employeeId) });

export function useStaffConversations(status: ConversationStatus, employeeId: number, options: { refetchInterval?: number } = {}) {
  return useQuery({ ...staffConversationsQuery(status, employeeId), refetchInterval: options.refetchInterval });
}

/** A citizen's conversations (also asked for by the router as the User Dashboard's code loads). */
export const userConversationsQuery = (userId: number) =>
  queryOptions({ queryKey: userConversationsQueryKey(userId), queryFn: () => fetchUserConversations(userId) });

export function useUserConversations(userId: number) {
  return useQuery(userConversationsQuery(userId));
}

/**
 * A chat in pages (issue 9): the newest page first, older ones on request (`fetchNextPage`), so a
 * conversation of thousands of messages opens as fast as a short one. A refetch (after a send, a
 * catch-up when the socket opens, or polling while it is down) reloads the pages loaded so far,
 * newest first, and keeps what was pushed meanwhile (`withRefetchedPages`; TanStack runs it for
 * `setQueryData` too, where it keeps nothing: those updates never drop a saved message).
 */
export function useMessages(conversationId: number, isLive: boolean) {
  return useInfiniteQuery<ChatMessage[], Error, ChatPages, ReturnType<typeof messagesQueryKey>, number | undefined>({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam }) => fetchMessagesPage(conversationId, { before: pageParam, limit: MESSAGE_PAGE_SIZE }),
    initialPageParam: undefined,
    getNextPageParam: (oldestPage) => olderPageParam(oldestPage),
    structuralSharing: (previous, next) => replaceEqualDeep(previous, withRefetchedPages(previous as ChatPages | undefined, next as ChatPages)),
    staleTime: isLive ? 30_000 : 0,
    refetchInterval: isLive ? false : CHAT_POLL_INTERVAL_MS,
  });
}
