import type { ConversationStatus } from '@portal/contract';

// Every query key of the letters feature, defined once: calls, hooks and live updates import them
// from here, so a refresh can never miss a list because a key was copied with a typo.

/** Every list of conversations sits under this prefix, so a status change refreshes them all. */
export const conversationsQueryKey = ['letters', 'conversations'] as const;
/** A staff queue; the archive's searches and filters add their own part (api/archive.ts). */
export const staffConversationsQueryKey = (status: ConversationStatus, employeeId: number) => [...conversationsQueryKey, 'staff', status, employeeId] as const;
export const userConversationsQueryKey = (userId: number) => [...conversationsQueryKey, 'user', userId] as const;

/** Every conversation list but the open queue: the lists whose entries carry the reader's unread counts. */
export const isListWithUnreadCounts = (queryKey: readonly unknown[]) => !(queryKey[2] === 'staff' && queryKey[3] === 'OPEN');

/** Every chat's messages sit under this prefix, so a catch-up can refetch all open chats at once. */
export const allMessagesQueryKey = ['letters', 'messages'] as const;
export const messagesQueryKey = (conversationId: number) => [...allMessagesQueryKey, conversationId] as const;
