import { describe, expect, it } from 'vitest';
import { chatMessage } from '../testing/fixtures';
import { isUnreadFor, totalUnread } from './unread';

describe('unread counts', () => {
  const event = (conversationId: number, senderId: number) => ({ type: 'message' as const, conversationId, message: chatMessage({ conversationId, senderId }) });

  it("counts someone else's message in a chat that is not on screen, nothing else", () => {
    expect(isUnreadFor(event(12, 2), { meId: 4, shownConversationId: 11 })).toBe(true);
    expect(isUnreadFor(event(12, 2), { meId: 4, shownConversationId: undefined })).toBe(true);
    expect(isUnreadFor(event(11, 2), { meId: 4, shownConversationId: 11 })).toBe(false);
    expect(isUnreadFor(event(12, 4), { meId: 4, shownConversationId: 11 })).toBe(false);
    expect(isUnreadFor({ type: 'status', conversationId: 12, status: 'RESOLVED', resolvedDate: null, employeeId: 2 }, { meId: 4, shownConversationId: 11 })).toBe(false);
  });

  it('adds up a list for its tab', () => {
    expect(totalUnread([{ unreadCount: 2 }, { unreadCount: 0 }, { unreadCount: 3 }])).toBe(5);
    expect(totalUnread(undefined)).toBe(0);
  });
});
