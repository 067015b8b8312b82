import type { RealtimeEvent } from '@portal/contract';

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
