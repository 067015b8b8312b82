import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * What to do with an error on an open WebSocket (@fastify/websocket's errorHandler). ws names the
 * faults of what a client sent with a `WS_ERR_` code (a frame over maxPayload, invalid UTF-8, a
 * bad close code...) and answers them with the matching close code itself: a client's doing, so a
 * line at info, not an error an operator is paged for (issue 34 point 11). Anything else is ours.
 */
export function onSocketError(error: Error & { code?: unknown }, socket: WebSocket, request: FastifyRequest): void {
  if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
    request.log.info({ code: error.code, reason: error.message }, 'websocket closed: the client sent a frame the protocol or the limit refuses');
  } else {
    request.log.error(error);
  }
  socket.terminate();
}
