import { describe, expect, it } from 'vitest';
import { chatMessage } from '../testing/fixtures';
import {
  chatMessagesOf,
  olderPageParam,
  withIncomingMessage,
  withOptimisticMessage,
  withSavedMessage,
  withoutMessage,
  withRefetchedPages,
  type ChatMessage,
  type ChatPages,
} from './chat-pages';

const m = (id: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({ ...chatMessage({ id, content: `m${id}` }), ...extra });
const data = (...pages: ChatMessage[][]): ChatPages => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? undefined : 100 - i)) });
const ids = (value: ChatPages | undefined) => chatMessagesOf(value).map((message) => message.id);

describe('chat pages', () => {
  it('reads the pages oldest first (pages[0] is the newest page)', () => {
    expect(ids(data([m(5), m(6)], [m(3), m(4)], [m(1), m(2)]))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(chatMessagesOf(undefined)).toEqual([]);
  });

  it('asks for an older page before the oldest message only while pages come back full', () => {
    expect(olderPageParam([m(11), m(12), m(13)], 3)).toBe(11);
    expect(olderPageParam([m(12), m(13)], 3)).toBeUndefined();
    expect(olderPageParam([], 3)).toBeUndefined();
  });

  it('adds a pushed message once at the end, replacing the optimistic copy wherever it sits', () => {
    const pending = m(-1, { senderId: 4, content: 'Hi', isPending: true });
    const start = data([pending], [m(1)]);
    const saved = m(9, { senderId: 4, content: 'Hi' });
    const after = withIncomingMessage(start, saved);
    expect(after?.pages).toEqual([[saved], [m(1)]]);
    expect(withIncomingMessage(after, saved)).toBe(after);
    expect(ids(withIncomingMessage(after, m(10)))).toEqual([1, 9, 10]);
    // A chat that is not loaded is left alone (its first fetch brings everything).
    expect(withIncomingMessage(undefined, m(10))).toBeUndefined();
  });

  it('shows a sent message at once, swaps it for the saved one (once) or takes it away', () => {
    const pending = m(-2, { isPending: true });
    const start = withOptimisticMessage(data([m(1)]), pending);
    expect(ids(start)).toEqual([1, -2]);
    expect(ids(withSavedMessage(start, -2, m(5)))).toEqual([1, 5]);
    // The live event brought the saved message first.
    expect(ids(withSavedMessage(withIncomingMessage(start, m(5)), -2, m(5)))).toEqual([1, 5]);
    expect(ids(withoutMessage(start, -2))).toEqual([1]);
  });

  it('keeps a pushed message that a catch-up answer read before it was stored, and nothing else of the old pages', () => {
    const held = data([m(4), m(5), m(6), m(-3, { isPending: true })], [m(1)]);
    // The answer was read before 6 was stored: 6 stays; the optimistic copy is the send's to settle.
    expect(withRefetchedPages(held, data([m(4), m(5)], [m(1)])).pages).toEqual([[m(4), m(5), m(6)], [m(1)]]);
    // An answer that has everything replaces the pages as they are.
    const complete = data([m(5), m(6), m(7)], [m(1)]);
    expect(withRefetchedPages(held, complete)).toBe(complete);
    expect(withRefetchedPages(undefined, complete)).toBe(complete);
    // A chat that was empty when read keeps what was pushed since.
    expect(ids(withRefetchedPages(data([m(2)]), data([])))).toEqual([2]);
  });

  it('drops the optimistic copy an answer still holds when the saved message it stands for is kept', () => {
    // An older page loaded while a message was being sent: the answer was built from the pages with
    // the optimistic copy, and the push replaced that copy meanwhile.
    const pending = m(-4, { senderId: 4, content: 'Thanks', isPending: true });
    const saved = m(9, { senderId: 4, content: 'Thanks' });
    const answer = data([m(5), pending], [m(1)]);
    expect(withRefetchedPages(data([m(5), saved]), answer).pages).toEqual([[m(5), saved], [m(1)]]);
    // Another message of the same person still being sent stays, last.
    const other = m(-5, { senderId: 4, content: 'One more thing', isPending: true });
    expect(ids(withRefetchedPages(data([m(5), saved]), data([m(5), pending, other])))).toEqual([5, 9, -5]);
  });
});

