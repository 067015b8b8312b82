import {
  CLOSE_ACCOUNT_INACTIVE,
  decodeRealtimeFrame,
  encodeRealtimeFrame,
  REALTIME_PATH,
  REALTIME_TICKET_PARAM,
  REALTIME_TICKET_PATH,
  realtimeEvent,
  realtimeTicketResponse,
  type RealtimeClientCommand,
  type RealtimeEvent,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { config } from './config';
import { http } from './http';

/** Waits before reconnecting: 1 s, 2 s, 4 s ... capped, reset after a connection opens. */
export const RECONNECT_DELAYS_MS = { first: 1_000, max: 15_000 } as const;


export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_DELAYS_MS.first * 2 ** attempt, RECONNECT_DELAYS_MS.max);
}

/** True when the API is on the page's own origin (`apiUrl` empty or naming it). */
function isSameOriginApi(apiUrl: string, location: Pick<Location, 'protocol' | 'host'>): boolean {
  return apiUrl === '' || new URL(apiUrl).origin === `${location.protocol}//${location.host}`;
}

/**
 * ws(s)://<API host>/api/ws. No session token ever goes into the address (a proxy's access log
 * would keep it for hours): on the page's own origin the handshake carries the auth cookie; a
 * separate API host never sees that cookie, so the page asks for a one-use, 30-second ticket and
 * passes that instead.
 */
export function realtimeUrl(apiUrl: string, location: Pick<Location, 'protocol' | 'host'>, ticket?: string): string {
  const base = apiUrl === '' ? `${location.protocol}//${location.host}` : apiUrl;
  const url = new URL(REALTIME_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (ticket) url.searchParams.set(REALTIME_TICKET_PARAM, ticket);
  return url.toString();
}

/** The address to open now: at once on the API's own origin, after asking a ticket on another host. */
function socketAddress(): string | Promise<string> {
  if (isSameOriginApi(config.apiUrl, window.location)) return realtimeUrl(config.apiUrl, window.location);
  return http
    .post(REALTIME_TICKET_PATH, undefined, realtimeTicketResponse)
    .then(({ ticket }) => realtimeUrl(config.apiUrl, window.location, ticket));
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
 * One WebSocket to /api/ws while mounted (each page mounts one: one socket per tab): every frame is validated, the connection comes back with
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
      const address = socketAddress();
      if (typeof address === 'string') open(address);
      else
        address.then(
          (url) => {
            if (!stopped) open(url);
          },
          (error: unknown) => {
            console.warn('[realtime] no ticket for the socket', error);
            scheduleReconnect();
          },
        );
    }

    function open(url: string) {
      let socket: WebSocket;
      try {
        socket = new WebSocket(url);
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
