import {
  CLOSE_ACCOUNT_INACTIVE,
  decodeRealtimeFrame,
  encodeRealtimeFrame,
  REALTIME_PATH,
  REALTIME_TOKEN_PARAM,
  realtimeEvent,
  type RealtimeClientCommand,
  type RealtimeEvent,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { readAuthToken } from './auth-cookie';
import { config } from './config';

/** Waits before reconnecting: 1 s, 2 s, 4 s ... capped, reset after a connection opens. */
export const RECONNECT_DELAYS_MS = { first: 1_000, max: 15_000 } as const;


export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_DELAYS_MS.first * 2 ** attempt, RECONNECT_DELAYS_MS.max);
}

/**
 * ws(s)://<API host>/api/ws?token=<jwt>. The API lives on the page's origin when `apiUrl` is empty;
 * the token travels in the query because a separate API host never sees the page's cookie.
 */
export function realtimeUrl(apiUrl: string, location: Pick<Location, 'protocol' | 'host'>, token: string | undefined): string {
  const base = apiUrl === '' ? `${location.protocol}//${location.host}` : apiUrl;
  const url = new URL(REALTIME_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set(REALTIME_TOKEN_PARAM, token);
  return url.toString();
}

/** A frame from the server, or undefined for anything that is not a well-formed RealtimeEvent. */
export function parseRealtimeFrame(data: unknown): RealtimeEvent | undefined {
  return decodeRealtimeFrame(realtimeEvent, data);
}

type RealtimeOptions = {
  /** Connect only while true (e.g. once the user is known). */
  enabled: boolean;
  onEvent: (event: RealtimeEvent) => void;
  /** Called when a connection opens again after a drop: events may have been missed meanwhile. */
  onReconnect?: () => void;
  /** Conversations to watch besides the user's own (an ADMIN reading someone else's chat). */
  conversationIds?: readonly number[];
};

/**
 * One WebSocket to /api/ws while mounted: every frame is validated, the connection comes back with
 * backoff after a drop, and `isConnected` tells callers when to fall back to polling.
 */
export function useRealtimeEvents({ enabled, onEvent, onReconnect, conversationIds = [] }: RealtimeOptions): { isConnected: boolean } {
  const [isConnected, setIsConnected] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const handlers = useRef({ onEvent, onReconnect });
  const wanted = useRef<ReadonlySet<number>>(new Set());
  const subscribed = useRef(new Set<number>());

  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  }, [onEvent, onReconnect]);

  const idsKey = [...new Set(conversationIds)].sort((a, b) => a - b).join(',');

  useEffect(() => {
    wanted.current = new Set(idsKey === '' ? [] : idsKey.split(',').map(Number));
    syncSubscriptions(socketRef.current, wanted.current, subscribed.current);
  }, [idsKey]);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const subscribedIds = subscribed.current;
    let stopped = false;
    let attempt = 0;
    let hasOpenedBefore = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function connect() {
      let socket: WebSocket;
      try {
        socket = new WebSocket(realtimeUrl(config.apiUrl, window.location, readAuthToken()));
      } catch (error) {
        console.error('[realtime] cannot open the socket', error);
        scheduleReconnect();
        return;
      }
      socketRef.current = socket;
      socket.addEventListener('open', () => {
        attempt = 0;
        setIsConnected(true);
        subscribedIds.clear();
        syncSubscriptions(socket, wanted.current, subscribedIds);
        if (hasOpenedBefore) handlers.current.onReconnect?.();
        hasOpenedBefore = true;
      });
      socket.addEventListener('message', (message: MessageEvent) => {
        const event = parseRealtimeFrame(message.data);
        if (event) handlers.current.onEvent(event);
        else console.warn('[realtime] ignored a malformed frame');
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        if (socketRef.current === socket) socketRef.current = null;
        setIsConnected(false);
        if (event.code === CLOSE_ACCOUNT_INACTIVE) return; // HTTP calls fail too; the page falls back to polling
        scheduleReconnect();
      });
      // An error is always followed by close, which reconnects.
      socket.addEventListener('error', () => console.warn('[realtime] socket error'));
    }

    function scheduleReconnect() {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      const socket = socketRef.current;
      socketRef.current = null;
      subscribedIds.clear();
      socket?.close(1000, 'page left');
      setIsConnected(false);
    };
  }, [enabled]);

  return { isConnected };
}

function syncSubscriptions(socket: WebSocket | null, wanted: ReadonlySet<number>, subscribed: Set<number>) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  for (const id of wanted) {
    if (subscribed.has(id)) continue;
    send(socket, { type: 'subscribe', conversationId: id });
    subscribed.add(id);
  }
  for (const id of [...subscribed]) {
    if (wanted.has(id)) continue;
    send(socket, { type: 'unsubscribe', conversationId: id });
    subscribed.delete(id);
  }
}

/** Every frame the client sends is a command of the contract's protocol, encoded the way the server decodes it. */
function send(socket: WebSocket, command: RealtimeClientCommand) {
  socket.send(encodeRealtimeFrame(command));
}
