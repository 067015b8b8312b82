import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import type { ChatMessage, ChatPages } from '../api/chat-pages';
import { messagesQueryKey, staffConversationsQueryKey, userConversationsQueryKey } from '../api/query-keys';
import { anna, chatMessage, conversation, jan } from '../testing/fixtures';
import { useLettersRealtime } from './use-letters-realtime';

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

const pages = (...list: ChatMessage[][]): ChatPages => ({ pages: list, pageParams: list.map((_, index) => (index === 0 ? undefined : 1000 - index)) });

/** The socket opens and every list it marked stale comes back unchanged (the first open's catch-up answered). */
function openAndCatchUp(socket: FakeWebSocket, queryClient: QueryClient) {
  socket.open();
  for (const query of queryClient.getQueryCache().getAll()) {
    expect(query.state.isInvalidated, JSON.stringify(query.queryKey)).toBe(true);
    queryClient.setQueryData(query.queryKey, query.state.data);
  }
}

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('letters live updates', () => {
  it('puts a pushed message into its chat in place of the optimistic copy, and a status change marks every list stale', () => {
    const { queryClient, wrapper } = setUp();
    const older = chatMessage({ id: 3, content: 'Older' });
    const pending: ChatMessage = { ...chatMessage({ id: -1, senderId: anna.id, content: 'Hello' }), isPending: true };
    queryClient.setQueryData(messagesQueryKey(11), pages([pending], [older]));
    queryClient.setQueryData(userConversationsQueryKey(anna.id), [conversation()]);
    queryClient.setQueryData(staffConversationsQueryKey('OPEN', jan.id), []);
    renderHook(() => useLettersRealtime({ meId: anna.id, followedConversationId: 11, shownConversationId: 11 }), { wrapper });
    const socket = FakeWebSocket.latest();
    openAndCatchUp(socket, queryClient);
    expect(socket.sent).toContainEqual({ type: 'subscribe', conversationId: 11 });

    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 7, senderId: anna.id, content: 'Hello' }) });
    expect(queryClient.getQueryData<ChatPages>(messagesQueryKey(11))?.pages).toEqual([[chatMessage({ id: 7, senderId: anna.id, content: 'Hello' })], [older]]);
    // Own message, chat on screen: the lists (and their unread counts) need no refetch.
    expect(queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated).toBe(false);

    socket.receive({ type: 'status', conversationId: 11, status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z', employeeId: jan.id });
    expect(queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(staffConversationsQueryKey('OPEN', jan.id))?.isInvalidated).toBe(true);
  });

  it("asks for the lists again (the server's unread counts) when someone else writes to a chat not on screen, and only then", () => {
    const { queryClient, wrapper } = setUp();
    queryClient.setQueryData(messagesQueryKey(11), pages([]));
    queryClient.setQueryData(userConversationsQueryKey(anna.id), [conversation()]);
    queryClient.setQueryData(staffConversationsQueryKey('OPEN', jan.id), []);
    const { rerender } = renderHook((shown: number | undefined) => useLettersRealtime({ meId: anna.id, followedConversationId: 11, shownConversationId: shown }), {
      wrapper,
      initialProps: 11 as number | undefined,
    });
    const socket = FakeWebSocket.latest();
    openAndCatchUp(socket, queryClient);
    const stale = () => queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated;

    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 8 }) });
    expect(stale()).toBe(false);
    expect(queryClient.getQueryData<ChatPages>(messagesQueryKey(11))?.pages[0]?.map((m) => m.id)).toEqual([8]);

    // The citizen switched to Create a Letter: the same chat is no longer on screen.
    rerender(undefined);
    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 9 }) });
    expect(stale()).toBe(true);
    // The open queue shows no counts and is left alone (a take there must not vanish under the reader).
    expect(queryClient.getQueryState(staffConversationsQueryKey('OPEN', jan.id))?.isInvalidated).toBe(false);
  });

  it('when the connection opens, and again after a drop, asks again for the lists and for every chat, open or not', () => {
    vi.useFakeTimers();
    const { queryClient, wrapper } = setUp();
    queryClient.setQueryData(messagesQueryKey(11), pages([]));
    queryClient.setQueryData(messagesQueryKey(12), pages([]));
    queryClient.setQueryData(userConversationsQueryKey(anna.id), []);
    renderHook(() => useLettersRealtime({ meId: anna.id, followedConversationId: 11, shownConversationId: 11 }), { wrapper });
    // The first open asks for the lists and every chat again: a message may have come before the handshake.
    openAndCatchUp(FakeWebSocket.latest(), queryClient);
    expect(queryClient.getQueryState(messagesQueryKey(12))?.isInvalidated).toBe(false);

    FakeWebSocket.latest().drop();
    act(() => vi.advanceTimersByTime(1_000));
    FakeWebSocket.latest().open();

    expect(queryClient.getQueryState(messagesQueryKey(11))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(messagesQueryKey(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated).toBe(true);
  });
});
