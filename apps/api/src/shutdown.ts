import type { FastifyInstance } from 'fastify';

/** main.ts exits at the latest this long after SIGTERM / SIGINT, whatever is still open. */
export const STOP_TIMEOUT_MS = 9_000;
/** A WebSocket client that does not answer our close frame is cut off after this long. */
const SOCKET_CLOSE_GRACE_MS = 2_000;
/** GOING_AWAY: the server is stopping; clients reconnect (to another process, or this one restarted). */
export const CLOSE_GOING_AWAY = 1001;

/**
 * Closing the server (SIGTERM, or app.close() in tests) must not wait for clients to hang up:
 * Node's `server.close()` closes the connections idle at that moment, but one that is answering
 * a request then stays open for its keep-alive timeout (72 s in Fastify) after the answer. So
 * from the start of closing every answered connection is dropped at once, and idle ones are
 * swept until the server is closed. Requests in flight still finish.
 */
export function closeConnectionsPromptly(app: FastifyInstance): void {
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    app.server.keepAliveTimeout = 1;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    sweeper.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
}

/**
 * The websocket plugin's preClose: every socket gets a 1001 close frame at once (the web app
 * reconnects), and one whose client does not complete the close handshake is cut off shortly after.
 */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  const clients = [...this.websocketServer.clients];
  for (const client of clients) client.close(CLOSE_GOING_AWAY, 'server stopping');
  if (clients.length > 0) {
    setTimeout(() => {
      for (const client of clients) if (client.readyState !== client.CLOSED) client.terminate();
    }, SOCKET_CLOSE_GRACE_MS).unref();
  }
  this.websocketServer.close(() => undefined);
  done();
}

/**
 * SIGTERM / SIGINT: stop accepting, finish the requests in flight, close idle connections and
 * sockets at once, then exit; exit anyway after `timeoutMs` (container platforms kill soon after).
 */
export function stopOnSignals(app: FastifyInstance, timeoutMs: number = STOP_TIMEOUT_MS): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => {
        app.log.error({ timeoutMs }, 'did not stop in time; exiting with connections still open');
        process.exit(1);
      }, timeoutMs).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
