import { CLOSE_ACCOUNT_INACTIVE, realtimeClientCommand } from '@portal/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, stubWebSocket } from '../test/fake-websocket';
import { routeFetch } from '../test/fetch';
import { removeAuthToken, storeAuthToken } from './auth-cookie';
import { config } from './config';
import { parseRealtimeFrame, realtimeUrl, reconnectDelay, RECONNECT_DELAYS_MS, useRealtimeEvents } from './realtime';

const message = { id: 1, conversationId: 7, senderId: 3, senderName: 'Jan Kowalski', content: 'Hello', sentAt: '2025-03-10T09:00:00.000Z', seq: 1 };

describe('realtimeUrl', () => {
  it('uses the page origin when the API shares it, with ws or wss to match, and no token in the address', () => {
    expect(realtimeUrl('', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/ws');
    expect(realtimeUrl('', { protocol: 'https:', host: 'portal.example.pl' })).toBe('wss://portal.example.pl/api/ws');
  });

  it('uses a separate API host with a ticket, escaped', () => {
    expect(realtimeUrl('https://api.example.pl', { protocol: 'https:', host: 'portal.example.pl' }, 'a.b+c/=')).toBe(
      'wss://api.example.pl/api/ws?ticket=a.b%2Bc%2F%3D',
    );
  });
});

describe('parseRealtimeFrame', () => {
  it('accepts the two event shapes of the contract', () => {
    expect(parseRealtimeFrame(JSON.stringify({ type: 'message', conversationId: 7, message }))).toEqual({ type: 'message', conversationId: 7, message });
    const status = { type: 'status', conversationId: 7, status: 'RESOLVED', resolvedDate: '2025-03-14T09:30:00.000Z', employeeId: 2 };
    expect(parseRealtimeFrame(JSON.stringify(status))).toEqual(status);
  });

  it('rejects anything else', () => {
    for (const frame of ['', 'not json', '{"type":"message"}', JSON.stringify({ type: 'status', conversationId: 7, status: 'DONE' }), JSON.stringify([1])]) {
      expect(parseRealtimeFrame(frame), frame).toBeUndefined();
    }
    expect(parseRealtimeFrame(new ArrayBuffer(4))).toBeUndefined();
  });
});

describe('useRealtimeEvents', () => {
  beforeEach(() => {
    storeAuthToken('jwt');
    stubWebSocket();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => removeAuthToken());

  it('delivers valid events, reports the connection and follows the wanted conversations', () => {
    const onEvent = vi.fn();
    const { result, rerender } = renderHook(({ ids }) => useRealtimeEvents({ enabled: true, onEvent, conversationIds: ids }), {
      initialProps: { ids: [7] },
    });
    const socket = FakeWebSocket.latest();
    // On the page's own origin the handshake carries the auth cookie: no token in the address.
    expect(socket.url).toMatch(/\/api\/ws$/);
    expect(result.current.isConnected).toBe(false);

    socket.open();
    expect(result.current.isConnected).toBe(true);
    expect(socket.sent).toEqual([{ type: 'subscribe', conversationId: 7 }]);

    socket.receive({ type: 'message', conversationId: 7, message });
    socket.receive({ type: 'message', conversationId: 7 });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ type: 'message', conversationId: 7, message });

    rerender({ ids: [8] });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', conversationId: 8 },
      { type: 'unsubscribe', conversationId: 7 },
    ]);
    // What the client sends is what the server accepts: every frame is a command of the contract.
    for (const frame of socket.sent) expect(realtimeClientCommand.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
  });

  it('asks the caller to catch up when it opens, and again after a drop, reconnecting with growing delays', () => {
    vi.useFakeTimers();
    const onCatchUp = vi.fn();
    const { result } = renderHook(() => useRealtimeEvents({ enabled: true, onEvent: vi.fn(), onCatchUp, conversationIds: [7] }));
    expect(onCatchUp).not.toHaveBeenCalled();
    // The first open catches up too: a reply sent between the page's first lists and the handshake
    // reached no socket of this tab.
    FakeWebSocket.latest().open();
    expect(onCatchUp).toHaveBeenCalledOnce();

    FakeWebSocket.latest().drop();
    expect(result.current.isConnected).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(reconnectDelay(0)));
    expect(FakeWebSocket.instances).toHaveLength(2);

    FakeWebSocket.latest().drop(); // refused again before opening
    act(() => vi.advanceTimersByTime(reconnectDelay(1) - 1));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(3);

    expect(onCatchUp).toHaveBeenCalledOnce(); // not while the attempts fail
    FakeWebSocket.latest().open();
    expect(result.current.isConnected).toBe(true);
    expect(onCatchUp).toHaveBeenCalledTimes(2);
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'subscribe', conversationId: 7 }]);
  });

  it('caps the delay', () => {
    expect(reconnectDelay(0)).toBe(RECONNECT_DELAYS_MS.first);
    expect(reconnectDelay(20)).toBe(RECONNECT_DELAYS_MS.max);
  });

  it('closes the socket and stops reconnecting when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useRealtimeEvents({ enabled: true, onEvent: vi.fn() }));
    const socket = FakeWebSocket.latest();
    socket.open();
    unmount();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    act(() => vi.advanceTimersByTime(RECONNECT_DELAYS_MS.max * 2));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stays away once the server says the account is inactive', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRealtimeEvents({ enabled: true, onEvent: vi.fn() }));
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(CLOSE_ACCOUNT_INACTIVE);
    expect(result.current.isConnected).toBe(false);
    act(() => vi.advanceTimersByTime(RECONNECT_DELAYS_MS.max * 2));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('asks the API on another host for a one-use ticket before each connection, never putting the token in the address', async () => {
    const apiUrl = config.apiUrl;
    config.apiUrl = 'https://api.example.pl';
    try {
      let issued = 0;
      const requests = routeFetch((request) =>
        request.method === 'POST' && request.path === '/api/ws/ticket' ? { body: { ticket: `ticket-${++issued}`, expiresInSeconds: 30 } } : undefined,
      );
      vi.useFakeTimers();
      renderHook(() => useRealtimeEvents({ enabled: true, onEvent: vi.fn() }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(FakeWebSocket.latest().url).toBe('wss://api.example.pl/api/ws?ticket=ticket-1');
      act(() => FakeWebSocket.latest().drop());
      await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS.first));
      expect(FakeWebSocket.instances).toHaveLength(2);
      expect(FakeWebSocket.latest().url).toBe('wss://api.example.pl/api/ws?ticket=ticket-2');
      expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/ws/ticket', 'POST /api/ws/ticket']);
      expect(FakeWebSocket.instances.map((socket) => socket.url).join(' ')).not.toContain('jwt');
    } finally {
      config.apiUrl = apiUrl;
    }
  });

  it('shares one socket among every listener of the tab, following the conversations any of them wants', () => {
    vi.useFakeTimers();
    const bell = { onEvent: vi.fn(), onCatchUp: vi.fn() };
    const page = { onEvent: vi.fn(), onCatchUp: vi.fn() };
    const header = renderHook(() => useRealtimeEvents({ enabled: true, ...bell }));
    const chat = renderHook(() => useRealtimeEvents({ enabled: true, ...page, conversationIds: [7] }));
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest();
    socket.open();
    expect(header.result.current.isConnected).toBe(true);
    expect(chat.result.current.isConnected).toBe(true);
    expect(socket.sent).toEqual([{ type: 'subscribe', conversationId: 7 }]);

    socket.receive({ type: 'message', conversationId: 7, message });
    expect(bell.onEvent).toHaveBeenCalledWith({ type: 'message', conversationId: 7, message });
    expect(page.onEvent).toHaveBeenCalledWith({ type: 'message', conversationId: 7, message });

    // Both catch up after a drop, over the one socket that comes back.
    socket.drop();
    act(() => vi.advanceTimersByTime(reconnectDelay(0)));
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(bell.onCatchUp).toHaveBeenCalledTimes(2);
    expect(page.onCatchUp).toHaveBeenCalledTimes(2);
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'subscribe', conversationId: 7 }]);

    // The page leaving gives up its conversation but not the bell's socket; the last one out closes it.
    chat.unmount();
    expect(FakeWebSocket.latest().sent.slice(1)).toEqual([{ type: 'unsubscribe', conversationId: 7 }]);
    expect(FakeWebSocket.latest().readyState).toBe(FakeWebSocket.OPEN);
    header.unmount();
    expect(FakeWebSocket.latest().readyState).toBe(FakeWebSocket.CLOSED);
    act(() => vi.advanceTimersByTime(RECONNECT_DELAYS_MS.max * 2));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not connect while disabled', () => {
    renderHook(() => useRealtimeEvents({ enabled: false, onEvent: vi.fn() }));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
