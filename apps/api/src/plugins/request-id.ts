import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or client may name a request: short, and nothing that could forge a log line or header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@=+/-]{1,128}$/;

/**
 * Fastify puts the request id into every log line of the request (`reqId`). One that arrives in
 * X-Request-Id (from nginx or the caller) is kept when sane, so one id follows the request across
 * the proxy and the API; otherwise a new UUID.
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  requestIdHeader: false,
  genReqId: (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
};

/** Every answer names its request, errors included, so a person reporting a problem can quote it. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
