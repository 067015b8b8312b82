import type { ConversationListItem, RealtimeEvent } from '@portal/contract';

// Unread counts come from the server (each list entry's `unreadCount`, kept per participant, so
// they survive a reload); these helpers decide when a pushed message changes them and add them up.

/** Who looks at the page: their id, and the conversation whose chat is on screen (if any). */
export type Viewer = { meId: number; shownConversationId: number | undefined };

/** A pushed message is unread for the viewer when someone else wrote it in a chat not on screen. */
export function isUnreadFor(event: RealtimeEvent, viewer: Viewer): boolean {
  return event.type === 'message' && event.message.senderId !== viewer.meId && event.conversationId !== viewer.shownConversationId;
}

/** The unread messages of a whole list, for the count on its tab. */
export function totalUnread(list: readonly Pick<ConversationListItem, 'unreadCount'>[] | undefined): number {
  return (list ?? []).reduce((sum, item) => sum + item.unreadCount, 0);
}
