import {
  CLOSE_ACCOUNT_INACTIVE,
  decodeRealtimeFrame,
  encodeRealtimeFrame,
  REALTIME_PATH,
  type RealtimeClientCommand,
  realtimeClientCommand,
  type RealtimeEvent,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { liveCommandPolicy } from '../../access-policy.js';
import { forbidden } from '../api-error.js';
import { callerOf } from '../auth/index.js';
import type { RealtimeBus } from './bus.js';
import { liveEnvelope, sessionsEndedEnvelope } from './live-events.js';
import type { LiveTopics } from './live-topics.js';
import { closeAbusiveSocket, type CommandLimits, createCommandIntake, DEFAULT_COMMAND_LIMITS } from './command-limiter.js';

const HEARTBEAT_MS = 30_000;

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
  /** What the modules publish and which of it a socket may follow (they register in `setup`). */
  topics: LiveTopics;
  /**
   * How often the socket is pinged and its token authenticated again. A session ended through
   * LiveTopics.sessionsEnded (logout, "end others", deactivation, closure) is checked at once, on
   * every process; anything else (an idle staff session) within one heartbeat.
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
 * GET /api/ws: the application's one WebSocket, a user's live view of every module's events
 * (their conversations, their cases' status). The server registers it, whatever modules it lists.
 * Authentication is the access policy's, as for any route: the Bearer header, the auth_token
 * cookie (same origin only), or a one-use `?ticket=` (a page on another host); never a session
 * token in the address. Commands are rate-limited per socket (command-limiter.ts). Each process
 * subscribes to the bus once and fans events out to its own sockets: by participant id, to staff,
 * and to the followers of the event's topic.
 */
export const liveUpdatesRoutes: FastifyPluginAsync<LiveUpdatesOptions> = async (
  app,
  { bus, topics, heartbeatMs = HEARTBEAT_MS, allowedOrigins, commandLimits = DEFAULT_COMMAND_LIMITS },
) => {
  const byUser = new Index<number>();
  const byTopic = new Index<string>();
  const staffSockets = new Set<WebSocket>();
  /** Each open socket's check of its session (the heartbeat's, also run when a session of its person ends). */
  const rechecks = new Map<WebSocket, () => void>();

  // Every envelope is delivered, whichever module sent it: participants are in the envelope, so
  // a process whose module list lacks the publisher (another version during a rollout) still delivers.
  const unsubscribe = bus.subscribe((topic, payload) => {
    const parsed = liveEnvelope.safeParse(payload);
    if (parsed.success) return deliver(topic, parsed.data.event, parsed.data.participants, parsed.data.toStaff ?? false);
    const ended = sessionsEndedEnvelope.safeParse(payload);
    if (ended.success) for (const socket of byUser.get(ended.data.sessionsEndedOf) ?? []) rechecks.get(socket)?.();
  });
  app.addHook('onClose', async () => unsubscribe());

  function deliver(topic: string, event: RealtimeEvent, participants: readonly number[], toStaff: boolean) {
    const targets = new Set<WebSocket>(toStaff ? staffSockets : []);
    for (const id of participants) for (const socket of byUser.get(id) ?? []) targets.add(socket);
    // Followers of the topic (an admin watching a chat); most topics have none.
    for (const socket of byTopic.get(topic) ?? []) targets.add(socket);
    if (targets.size === 0) return;
    const frame = encodeRealtimeFrame(event);
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(frame);
  }

  const checkOrigin = async (request: { headers: { origin?: string; host?: string } }) => {
    if (!isAllowedOrigin(request.headers.origin, request.headers.host, allowedOrigins)) throw forbidden();
  };

  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true }, onRequest: checkOrigin }, (socket, request) => {
    const user = callerOf(request);
    const followed = new Set<string>();
    byUser.add(user.id, socket);
    if (user.role !== 'USER') staffSockets.add(socket);

    let isAlive = true;
    socket.on('pong', () => {
      isAlive = true;
    });
    const recheck = () => {
      app.auth
        .authenticate(request)
        .then((outcome) => {
          if (outcome.status !== 'authenticated') socket.close(CLOSE_ACCOUNT_INACTIVE, 'account inactive');
        })
        .catch(() => undefined); // the database hiccup is the next heartbeat's problem
    };
    rechecks.set(socket, recheck);
    const heartbeat = setInterval(() => {
      if (!isAlive) return socket.terminate();
      isAlive = false;
      socket.ping();
      recheck();
    }, heartbeatMs);

    const intake = createCommandIntake(commandLimits, (error) => request.log.warn({ err: error }, 'live command not applied'));
    socket.on('message', (data, isBinary) => {
      if (!intake.admit()) return closeAbusiveSocket(socket);
      const command = isBinary ? undefined : decodeRealtimeFrame(realtimeClientCommand, String(data));
      if (!command) return; // a stray frame is ignored; the connection stays useful
      if (!intake.enqueue(() => apply(command))) closeAbusiveSocket(socket);
    });

    async function apply(command: RealtimeClientCommand): Promise<void> {
      const { type } = command;
      const topic = topics.followed(command);
      if (topic === undefined) return; // no module in the list lets this be followed
      // The same policy table and resource checks as the HTTP routes (src/access-policy.ts).
      if (!(await app.accessControl.permits(liveCommandPolicy[type], { body: command }, user))) return;
      if (socket.readyState !== socket.OPEN) return;
      if (type === 'subscribe') {
        followed.add(topic);
        byTopic.add(topic, socket);
      } else {
        followed.delete(topic);
        byTopic.remove(topic, socket);
      }
    }

    socket.on('close', () => {
      clearInterval(heartbeat);
      rechecks.delete(socket);
      byUser.remove(user.id, socket);
      staffSockets.delete(socket);
      for (const topic of followed) byTopic.remove(topic, socket);
    });
  });
};
