import { type RealtimeEvent, realtimeEvent } from '@portal/contract';
import WebSocket from 'ws';

/** A WebSocket client of GET /api/ws that keeps every event it receives, for assertions. */
export interface LiveClient {
  readonly events: RealtimeEvent[];
  /** Resolves with the first received event (past or future) matching `predicate`. */
  waitFor(predicate: (event: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  send(command: unknown): void;
  /** Resolves with the close code once the server (or the client) closed the socket. */
  readonly closed: Promise<number>;
  isOpen(): boolean;
  close(): Promise<void>;
}

/**
 * How the client authenticates the handshake: a one-use ticket asked for with the token (a page
 * on another host), the auth cookie (a page on the API's origin), the Bearer header (a client
 * outside a browser), or the token itself in the address (what the API refuses).
 */
export type LiveAuth = 'ticket' | 'cookie' | 'header' | 'token-in-address';

/** POST /api/ws/ticket with `token`; the ticket, or an error naming the status. */
export async function askTicket(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/ws/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`ticket refused: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

/** Opens `/api/ws` on `baseUrl` (http://host:port), authenticated with `token` as `how` says. */
export async function connectLive(baseUrl: string, token: string, how: LiveAuth = 'ticket', origin?: string): Promise<LiveClient> {
  const query =
    how === 'ticket' && token
      ? `?ticket=${encodeURIComponent(await askTicket(baseUrl, token))}`
      : how === 'token-in-address'
        ? `?token=${encodeURIComponent(token)}`
        : '';
  return openLive(`${baseUrl.replace(/^http/, 'ws')}/api/ws${query}`, {
    ...(how === 'header' ? { authorization: `Bearer ${token}` } : {}),
    ...(how === 'cookie' ? { cookie: `auth_token=${encodeURIComponent(token)}` } : {}),
    ...(origin ? { origin } : {}),
  });
}

/** Opens the WebSocket at `url` with these handshake headers. */
export function openLive(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
  const { origin, ...rest } = headers;
  const socket = new WebSocket(url, { headers: rest, ...(origin ? { origin } : {}) });
  const events: RealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const parsed = realtimeEvent.safeParse(JSON.parse(String(data)));
    if (parsed.success) events.push(parsed.data);
    for (const wake of waiters) wake();
  });

  const client: LiveClient = {
    events,
    waitFor(predicate, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    send: (command) => socket.send(JSON.stringify(command)),
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };

  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (request, response) => {
      // ws leaves a refused upgrade's connection open; a server closing would wait for it.
      request.destroy();
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    socket.once('error', reject);
  });
}

/** Lets in-flight frames arrive before asserting that something did NOT come. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
