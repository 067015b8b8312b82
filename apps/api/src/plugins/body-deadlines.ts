import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { transportMessages } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BodyDeadlines } from './body-deadlines-config.js';
import { ApiError } from './api-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'upload': the body may take BodyDeadlines.uploadMs to arrive (a document) instead of requestMs. */
    bodyDeadline?: 'upload';
  }
}

/** 408: the body stopped arriving, or took longer than its route allows. */
export class BodyTimeoutError extends ApiError {
  constructor() {
    super(408, transportMessages.requestTimeout, undefined, 'RequestTimeout');
  }
}

const timedOut = new WeakSet<IncomingMessage>();

/** True once the request's body deadline passed: whatever its reader failed with, the answer is 408. */
export const bodyTimedOut = (request: FastifyRequest): boolean => timedOut.has(request.raw);

const expectsBody = (raw: IncomingMessage): boolean =>
  raw.headers['transfer-encoding'] !== undefined || (raw.headers['content-length'] ?? '0') !== '0';

/**
 * Ends a request whose body stops arriving (no byte for `idleMs`) or takes too long in all
 * (`requestMs`, or `uploadMs` on routes marked `config: { bodyDeadline: 'upload' }`), so stalled
 * connections (slowloris) cannot pile up. Node's own `requestTimeout` is one total for every
 * route and is only checked every 30 s; this is per route and exact.
 *
 * The idle limit is the socket's inactivity timeout while the body is due (Node refreshes it on
 * every byte the parser takes in, and emits 'timeout' on the response). A body that did arrive but
 * is not read yet (the server is busy) only disarms it: the server's slowness is not the client's. On expiry the
 * body's reader is failed with a 408 error (the JSON parser and the multipart reader listen for
 * the request's 'error'), so the route answers through the error handler, which closes the
 * connection; a request nobody reads yet is answered at once.
 */
export const bodyDeadlinesPlugin = fp<BodyDeadlines>(
  async (app, limits) => {
    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      // Injected requests (tests) have no socket to stall.
      if (!expectsBody(raw) || raw.complete || !(raw.socket instanceof Socket)) return;
      const socket = raw.socket;
      const totalMs = request.routeOptions.config.bodyDeadline === 'upload' ? limits.uploadMs : limits.requestMs;

      const stop = () => {
        clearTimeout(total);
        reply.raw.removeListener('timeout', onIdle);
        raw.removeListener('end', arrived);
        reply.raw.removeListener('close', stop);
      };
      function arrived() {
        stop();
        // The answer may take its time (a slow query is not a slow client): no idle limit any more.
        socket.setTimeout(app.server.timeout);
      }
      function onIdle() {
        if (raw.complete) arrived();
        else expire();
      }
      function expire() {
        if (raw.complete) return arrived();
        stop();
        if (reply.sent || reply.raw.headersSent) return;
        timedOut.add(raw);
        request.log.info({ idleMs: limits.idleMs, totalMs }, 'request body arrived too slowly; answering 408');
        const error = new BodyTimeoutError();
        if (raw.listenerCount('error') > 0) {
          raw.unpipe();
          raw.emit('error', error);
        } else {
          void reply.code(408).header('connection', 'close').send(error);
        }
      }

      const total = setTimeout(expire, totalMs);
      socket.setTimeout(limits.idleMs);
      reply.raw.on('timeout', onIdle);
      raw.once('end', arrived);
      reply.raw.once('close', stop);
    });
  },
  { name: 'body-deadlines' },
);
