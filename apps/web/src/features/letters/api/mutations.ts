import { fullName, type ConversationListItem, type MessageResponse, type SendMessageRequest } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLetter, markConversationRead, resolveConversation, sendMessage, takeConversation } from './calls';
import { withOptimisticMessage, withSavedMessage, withoutMessage, type ChatMessage, type ChatPages } from './chat-pages';
import { conversationsQueryKey, messagesQueryKey, staffConversationsQueryKey, userConversationsQueryKey } from './query-keys';

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
      queryClient.setQueryData<ConversationListItem[]>(staffConversationsQueryKey('OPEN', employeeId), (list) =>
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

/**
 * Tells the server the caller read the chat up to a message, then shows the count it answers in
 * every loaded list at once (no refetch). A failure is only logged (spec section 8): the count
 * stays, and the next message read tries again.
 */
export function useMarkConversationReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, lastReadMessageId }: { conversationId: number; lastReadMessageId: number }) =>
      markConversationRead(conversationId, lastReadMessageId),
    onSuccess: (answer) => {
      queryClient.setQueriesData<ConversationListItem[]>({ queryKey: conversationsQueryKey }, (list) =>
        list?.map((item) => (item.id === answer.conversationId ? { ...item, unreadCount: answer.unreadCount } : item)),
      );
    },
    onError: (error) => console.error('[letters] marking the conversation read failed', error),
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
        senderName: fullName(sender),
        content: body.content,
        sentAt: body.sentAt ?? new Date().toISOString(),
        seq: 0, // not committed yet: the server's answer replaces this copy
        isPending: true,
      };
      queryClient.setQueryData<ChatPages>(key, (data) => withOptimisticMessage(data, optimistic));
      return { optimisticId };
    },
    onSuccess: (saved, body, context) => {
      if (!saved) return;
      queryClient.setQueryData<ChatPages>(messagesQueryKey(body.conversationId), (data) => withSavedMessage(data, context.optimisticId, saved));
    },
    onError: (error, body, context) => {
      if (context) {
        queryClient.setQueryData<ChatPages>(messagesQueryKey(body.conversationId), (data) => withoutMessage(data, context.optimisticId));
      }
      // A 409 means the conversation was resolved meanwhile: the lists will show it closed.
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      console.error('[letters] sending the message failed', error);
    },
    onSettled: (_saved, _error, body) => queryClient.invalidateQueries({ queryKey: messagesQueryKey(body.conversationId) }),
  });
}
