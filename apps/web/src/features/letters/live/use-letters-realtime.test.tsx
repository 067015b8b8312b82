import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-cookie';
import { FakeWebSocket, stubWebSocket } from '../../../test/fake-websocket';
import { messagesQueryKey, staffConversationsQueryKey, userConversationsQueryKey } from '../api/query-keys';
import type { ChatMessage } from '../api/queries';
import { anna, chatMessage, conversation, jan } from '../testing/fixtures';
import { useLettersRealtime } from './use-letters-realtime';

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

beforeEach(() => {
  storeAuthToken('token');
  stubWebSocket();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('letters live updates', () => {
  it('puts a pushed message into its chat in place of the optimistic copy, and a status change marks every list stale', () => {
    const { queryClient, wrapper } = setUp();
    const pending: ChatMessage = { ...chatMessage({ id: -1, senderId: anna.id, content: 'Hello' }), isPending: true };
    queryClient.setQueryData(messagesQueryKey(11), [pending]);
    queryClient.setQueryData(userConversationsQueryKey(anna.id), [conversation()]);
    queryClient.setQueryData(staffConversationsQueryKey('OPEN', jan.id), []);
    renderHook(() => useLettersRealtime(11, anna.id), { wrapper });
    const socket = FakeWebSocket.latest();
    socket.open();

    socket.receive({ type: 'message', conversationId: 11, message: chatMessage({ id: 7, senderId: anna.id, content: 'Hello' }) });
    expect(queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(11))).toEqual([chatMessage({ id: 7, senderId: anna.id, content: 'Hello' })]);

    socket.receive({ type: 'status', conversationId: 11, status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z', employeeId: jan.id });
    expect(queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(staffConversationsQueryKey('OPEN', jan.id))?.isInvalidated).toBe(true);
  });

  it('after a dropped connection comes back, asks again for the lists and for every chat, open or not', () => {
    vi.useFakeTimers();
    const { queryClient, wrapper } = setUp();
    queryClient.setQueryData(messagesQueryKey(11), []);
    queryClient.setQueryData(messagesQueryKey(12), []);
    queryClient.setQueryData(userConversationsQueryKey(anna.id), []);
    renderHook(() => useLettersRealtime(11, anna.id), { wrapper });
    FakeWebSocket.latest().open();
    expect(queryClient.getQueryState(messagesQueryKey(12))?.isInvalidated).toBe(false);

    FakeWebSocket.latest().drop();
    act(() => vi.advanceTimersByTime(1_000));
    FakeWebSocket.latest().open();

    expect(queryClient.getQueryState(messagesQueryKey(11))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(messagesQueryKey(12))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(userConversationsQueryKey(anna.id))?.isInvalidated).toBe(true);
  });
});
