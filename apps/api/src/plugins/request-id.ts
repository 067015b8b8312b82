import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The one rule for an incoming request id: 1 to 64 characters of A-Z, a-z, 0-9, "-" and "_". That
 * covers a UUID (36), nginx's $request_id (32 hex) and the usual tracing ids, and leaves nothing that
 * could forge a log line or a header, pass for a path or a file name (".", "/"), or be mistaken for
 * another field in a log search (":", "=", "@"). Anything else is replaced, never trimmed or
 * escaped, so an id in the logs is always one the rule allows. nginx's map in
 * scripts/cluster.ts and deploy/nginx/compose.conf applies the same rule.
 */
export const REQUEST_ID_RULE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fastify puts the request id into every log line of the request (`reqId`). One that arrives in
 * X-Request-Id (from nginx or the caller) is kept when it follows REQUEST_ID_RULE, so one id follows
 * the request across the proxy and the API; otherwise a new UUID.
 */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  requestIdHeader: false,
  genReqId: (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && REQUEST_ID_RULE.test(incoming) ? incoming : randomUUID();
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
