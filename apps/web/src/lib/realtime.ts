import {
  decodeRealtimeFrame,
  REALTIME_PATH,
  REALTIME_TICKET_PARAM,
  REALTIME_TICKET_PATH,
  realtimeEvent,
  realtimeTicketResponse,
  type RealtimeEvent,
} from '@portal/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { config } from './config';
import { http } from './http';
import { RealtimeConnection, type RealtimeMember } from './realtime-connection';

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
  /** Called whenever the connection opens (first or again): events sent before it may have been missed. */
  onCatchUp?: () => void;
  /** Conversations to watch besides the user's own (an ADMIN reading someone else's chat). */
  conversationIds?: readonly number[];
};

/**
 * The tab's live events. Every caller (the header's bell, the page's live updates) shares the ONE
 * WebSocket to /api/ws the tab holds (see realtime-connection.ts): every frame is validated, the
 * connection comes back with backoff after a drop, and `isConnected` tells callers when to fall back
 * to polling.
 */
export function useRealtimeEvents({ enabled, onEvent, onCatchUp, conversationIds = [] }: RealtimeOptions): { isConnected: boolean } {
  const handlers = useRef({ onEvent, onCatchUp });
  const member = useRef<RealtimeMember | null>(null);
  const idsKey = [...new Set(conversationIds)].sort((a, b) => a - b).join(',');
  const wanted = useRef<ReadonlySet<number>>(new Set());

  useEffect(() => {
    handlers.current = { onEvent, onCatchUp };
  }, [onEvent, onCatchUp]);

  useEffect(() => {
    wanted.current = new Set(idsKey === '' ? [] : idsKey.split(',').map(Number));
    member.current?.follow(wanted.current);
  }, [idsKey]);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const joined = realtimeConnection.join({
      onEvent: (event) => handlers.current.onEvent(event),
      onCatchUp: () => handlers.current.onCatchUp?.(),
      conversationIds: wanted.current,
    });
    member.current = joined;
    return () => {
      member.current = null;
      joined.leave();
    };
  }, [enabled]);

  const isConnected = useSyncExternalStore(realtimeConnection.subscribe, realtimeConnection.isConnected, () => false);
  return { isConnected: enabled && isConnected };
}

/** The tab's one connection, opened with the first member and closed with the last. */
const realtimeConnection = new RealtimeConnection({ address: socketAddress, parse: parseRealtimeFrame, reconnectDelay });
