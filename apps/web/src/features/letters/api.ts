import {
  conversationListResponse,
  conversationResponse,
  messageListResponse,
  messageResponse,
  type ConversationResponse,
  type ConversationStatus,
  type CreateLetterRequest,
  type MessageResponse,
  type RealtimeEvent,
  type SendMessageRequest,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../lib/http';
import { useRealtimeEvents } from '../../lib/realtime';

/** While the live connection is down, an open chat asks for its messages this often. */
export const CHAT_POLL_INTERVAL_MS = 10_000;
/** New letters and takes arrive live; the open list also refreshes itself while shown, in case one was missed. */
export const OPEN_LIST_POLL_INTERVAL_MS = 30_000;

// Query keys: every list of conversations sits under one prefix so a status change refreshes all.
export const conversationsQueryKey = ['letters', 'conversations'] as const;
export const staffConversationsQueryKey = (status: ConversationStatus, employeeId: number) =>
  [...conversationsQueryKey, 'staff', status, employeeId] as const;
export const userConversationsQueryKey = (userId: number) => [...conversationsQueryKey, 'user', userId] as const;
export const messagesQueryKey = (conversationId: number) => ['letters', 'messages', conversationId] as const;

/** A message in the chat; `isPending` marks the optimistic copy shown before the server answers. */
export type ChatMessage = MessageResponse & { isPending?: boolean };

// Calls (spec section 7)

export function createLetter(body: CreateLetterRequest): Promise<unknown> {
  // "Response body not shown": success is the status alone, so the body is not validated.
  return http.post('/api/letters', body);
}

export function fetchStaffConversations(status: ConversationStatus, employeeId: number): Promise<ConversationResponse[]> {
  const query = new URLSearchParams({ status, employeeId: String(employeeId) });
  return http.get(`/api/conversations?${query}`, conversationListResponse);
}

export function fetchUserConversations(userId: number): Promise<ConversationResponse[]> {
  return http.get(`/api/conversations/user/${userId}`, conversationListResponse);
}

export function takeConversation(conversationId: number, employeeId: number): Promise<ConversationResponse> {
  return http.put(`/api/conversations/${conversationId}/take?employeeId=${employeeId}`, undefined, conversationResponse);
}

export function resolveConversation(conversationId: number): Promise<unknown> {
  return http.put(`/api/conversations/${conversationId}/status`, { status: 'RESOLVED' });
}

export function fetchMessages(conversationId: number): Promise<MessageResponse[]> {
  return http.get(`/api/conversations/${conversationId}/messages`, messageListResponse);
}

export function sendMessage(body: SendMessageRequest): Promise<MessageResponse | undefined> {
  return http.post(`/api/conversations/${body.conversationId}/messages/send`, body).then((answer) => {
    // The spec does not show the answer; use it when it is a message, else the refetch brings it.
    const parsed = messageResponse.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  });
}

// Query hooks

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

// Mutations

export function useCreateLetterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLetter,
    onSuccess: (_answer, letter) => queryClient.invalidateQueries({ queryKey: userConversationsQueryKey(letter.userID) }),
  });
}

export function useTakeConversationMutation(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) => takeConversation(conversationId, employeeId),
    onSuccess: (_answer, conversationId) => {
      // It leaves the open list at once; the refetch confirms.
      queryClient.setQueryData<ConversationResponse[]>(staffConversationsQueryKey('OPEN', employeeId), (list) =>
        list?.filter((conversation) => conversation.id !== conversationId),
      );
    },
    // Taken by us or, on 409, by a colleague first: either way the lists have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

export function useResolveConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveConversation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

type SendContext = { optimisticId: number };

let nextOptimisticId = -1;

/**
 * Spec section 4: the message appears at once as the sender's own, then the list is fetched again.
 * A failed send takes the optimistic copy away again (failures are only logged, section 8).
 */
export function useSendMessageMutation(sender: { id: number; firstName: string; lastName: string }) {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse | undefined, Error, SendMessageRequest, SendContext>({
    mutationFn: sendMessage,
    onMutate: async (body) => {
      const key = messagesQueryKey(body.conversationId);
      await queryClient.cancelQueries({ queryKey: key });
      const optimisticId = nextOptimisticId--;
      const optimistic: ChatMessage = {
        id: optimisticId,
        conversationId: body.conversationId,
        senderId: sender.id,
        senderName: `${sender.firstName} ${sender.lastName}`,
        content: body.content,
        sentAt: body.sentAt ?? new Date().toISOString(),
        isPending: true,
      };
      queryClient.setQueryData<ChatMessage[]>(key, (list) => [...(list ?? []), optimistic]);
      return { optimisticId };
    },
    onSuccess: (saved, body, context) => {
      queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(body.conversationId), (list) => {
        if (!list) return list;
        if (!saved) return list;
        // The live event may have brought the saved message already.
        const withoutCopy = list.filter((message) => message.id !== context.optimisticId);
        return withoutCopy.some((message) => message.id === saved.id) ? withoutCopy : [...withoutCopy, saved];
      });
    },
    onError: (error, body, context) => {
      if (context) {
        queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(body.conversationId), (list) =>
          list?.filter((message) => message.id !== context.optimisticId),
        );
      }
      // A 409 means the conversation was resolved meanwhile: the lists will show it closed.
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      console.error('[letters] sending the message failed', error);
    },
    onSettled: (_saved, _error, body) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(body.conversationId) }),
  });
}

// Live updates

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

export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'message') {
    queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(event.conversationId), (list) => addIncomingMessage(list, event.message));
  } else {
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
  }
}

/** Unread messages per conversation: the ids of the pushed messages not seen yet (a repeat counts once). */
export type UnreadMessages = ReadonlyMap<number, ReadonlySet<number>>;

/**
 * Counts a pushed message as unread when someone else wrote it in a conversation that is not the
 * open chat; anything else leaves the counts as they are (the same object).
 */
export function countUnread(unread: UnreadMessages, event: RealtimeEvent, viewer: { meId: number; openConversationId: number | undefined }): UnreadMessages {
  if (event.type !== 'message') return unread;
  if (event.message.senderId === viewer.meId || event.conversationId === viewer.openConversationId) return unread;
  const seen = unread.get(event.conversationId);
  if (seen?.has(event.message.id)) return unread;
  return new Map(unread).set(event.conversationId, new Set(seen).add(event.message.id));
}

/** Opening a conversation reads its messages. */
export function markRead(unread: UnreadMessages, conversationId: number | undefined): UnreadMessages {
  if (conversationId === undefined || !unread.has(conversationId)) return unread;
  const rest = new Map(unread);
  rest.delete(conversationId);
  return rest;
}

/** How many unread messages a conversation has (0 when none). */
export function unreadCount(unread: UnreadMessages, conversationId: number): number {
  return unread.get(conversationId)?.size ?? 0;
}

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
    void queryClient.invalidateQueries({ queryKey: ['letters', 'messages'] });
  }, [queryClient]);
  const { isConnected } = useRealtimeEvents({
    enabled: true,
    onEvent,
    onReconnect,
    conversationIds: watchedConversationId === undefined ? [] : [watchedConversationId],
  });
  return { isConnected, unread };
}
