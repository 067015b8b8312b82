import {
  CLOSE_ACCOUNT_INACTIVE,
  decodeRealtimeFrame,
  encodeRealtimeFrame,
  REALTIME_PATH,
  type RealtimeClientCommand,
  realtimeClientCommand,
  type RealtimeEvent,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { liveCommandPolicy } from '../../access-policy.js';
import { forbidden } from '../../plugins/api-error.js';
import { callerOf } from '../../plugins/auth/index.js';
import { closeAbusiveSocket, type CommandLimits, createCommandIntake, DEFAULT_COMMAND_LIMITS } from '../../plugins/realtime/command-limiter.js';
import { conversationTopic, liveEnvelope, publishLiveEvent, type RealtimeBus } from '../../plugins/realtime/index.js';
import type { PublishConversationEvent } from './service.js';

const HEARTBEAT_MS = 30_000;

/** A conversation's events on the bus (see publishLiveEvent: never holds up the answer). */
export function conversationPublisher(bus: RealtimeBus, log: Pick<FastifyBaseLogger, 'warn'>): PublishConversationEvent {
  return (event, participants, options = {}) =>
    publishLiveEvent(bus, log, conversationTopic(event.conversationId), event, participants, options.toStaff ?? false);
}

/** A map of sets that forgets a key once its set is empty. */
class Index<K> {
  private readonly map = new Map<K, Set<WebSocket>>();
  add(key: K, socket: WebSocket) {
    let set = this.map.get(key);
    if (!set) this.map.set(key, (set = new Set()));
    set.add(socket);
  }
  remove(key: K, socket: WebSocket) {
    const set = this.map.get(key);
    if (set?.delete(socket) && set.size === 0) this.map.delete(key);
  }
  get(key: K): ReadonlySet<WebSocket> | undefined {
    return this.map.get(key);
  }
}

export interface LiveUpdatesOptions {
  bus: RealtimeBus;
  /**
   * How often the socket is pinged and its token authenticated again: a deactivated account or
   * a logged-out token stops receiving within one heartbeat.
   */
  heartbeatMs?: number;
  /** CORS_ORIGINS: pages on these origins may open the socket besides the API's own host. */
  allowedOrigins: readonly string[];
  /** What one socket may send before it is closed with 1008 (default DEFAULT_COMMAND_LIMITS). */
  commandLimits?: CommandLimits;
}

/**
 * Browsers send cookies with a WebSocket handshake from any page and CORS does not apply to it,
 * so the Origin is checked here (clients outside a browser send none).
 */
function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/**
 * GET /api/ws: a participant's live view of their conversations. Authentication is the access
 * policy's, as for any route (token from the Bearer header, the auth_token cookie, or `?token=`
 * since browsers cannot set headers on a WebSocket). Each process subscribes to the bus once and
 * fans events out to its own sockets: by participant id, and by explicit subscription.
 */
export const liveUpdatesRoutes: FastifyPluginAsync<LiveUpdatesOptions> = async (
  app,
  { bus, heartbeatMs = HEARTBEAT_MS, allowedOrigins, commandLimits = DEFAULT_COMMAND_LIMITS },
) => {
  const byUser = new Index<number>();
  const byConversation = new Index<number>();
  const staffSockets = new Set<WebSocket>();

  const unsubscribe = bus.subscribe((_topic, payload) => {
    const parsed = liveEnvelope.safeParse(payload);
    if (!parsed.success) return;
    deliver(parsed.data.event, parsed.data.participants, parsed.data.toStaff ?? false);
  });
  app.addHook('onClose', async () => unsubscribe());

  function deliver(event: RealtimeEvent, participants: readonly number[], toStaff: boolean) {
    const targets = new Set<WebSocket>(toStaff ? staffSockets : []);
    for (const id of participants) for (const socket of byUser.get(id) ?? []) targets.add(socket);
    // Followers of a conversation (an admin watching a chat); other events (a case's status) have none.
    if ('conversationId' in event) for (const socket of byConversation.get(event.conversationId) ?? []) targets.add(socket);
    if (targets.size === 0) return;
    const frame = encodeRealtimeFrame(event);
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(frame);
  }

  const checkOrigin = async (request: { headers: { origin?: string; host?: string } }) => {
    if (!isAllowedOrigin(request.headers.origin, request.headers.host, allowedOrigins)) throw forbidden();
  };

  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true }, onRequest: checkOrigin }, (socket, request) => {
    const user = callerOf(request);
    const followed = new Set<number>();
    byUser.add(user.id, socket);
    if (user.role !== 'USER') staffSockets.add(socket);

    let isAlive = true;
    socket.on('pong', () => {
      isAlive = true;
    });
    const heartbeat = setInterval(() => {
      if (!isAlive) return socket.terminate();
      isAlive = false;
      socket.ping();
      app.auth
        .authenticate(request)
        .then((outcome) => {
          if (outcome.status !== 'authenticated') socket.close(CLOSE_ACCOUNT_INACTIVE, 'account inactive');
        })
        .catch(() => undefined); // the database hiccup is the next heartbeat's problem
    }, heartbeatMs);

    const intake = createCommandIntake(commandLimits, (error) => request.log.warn({ err: error }, 'live command not applied'));
    socket.on('message', (data, isBinary) => {
      if (!intake.admit()) return closeAbusiveSocket(socket);
      const command = isBinary ? undefined : decodeRealtimeFrame(realtimeClientCommand, String(data));
      if (!command) return; // a stray frame is ignored; the connection stays useful
      if (!intake.enqueue(() => apply(command))) closeAbusiveSocket(socket);
    });

    async function apply(command: RealtimeClientCommand): Promise<void> {
      const { type, conversationId } = command;
      // The same policy table and resource checks as the HTTP routes (src/access-policy.ts).
      if (!(await app.accessControl.permits(liveCommandPolicy[type], { body: command }, user))) return;
      if (socket.readyState !== socket.OPEN) return;
      if (type === 'subscribe') {
        followed.add(conversationId);
        byConversation.add(conversationId, socket);
      } else {
        followed.delete(conversationId);
        byConversation.remove(conversationId, socket);
      }
    }

    socket.on('close', () => {
      clearInterval(heartbeat);
      byUser.remove(user.id, socket);
      staffSockets.delete(socket);
      for (const id of followed) byConversation.remove(id, socket);
    });
  });
};
