import { idParams, sessionIdParams, sessionListResponse, sessionsEndedResponse, sessionsPaths, tokenResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../plugins/api-error.js';
import { callerOf, type SessionToken } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { clientOf } from '../../plugins/request-client.js';
import type { SessionsService } from './service.js';

export interface SessionsRoutesOptions {
  sessions: SessionsService;
}

/** "Your sessions", "Stay signed in" and an admin ending a staff member's sessions (issue 21). */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, { sessions }) => {
  const sessionOf = (request: { session: SessionToken | null }) => {
    if (!request.session) throw unauthorized();
    return request.session;
  };

  app.get(
    sessionsPaths.list,
    {
      schema: {
        tags: ['sessions'],
        summary: "The caller's sessions that still count: where and when each started",
        response: { 200: sessionListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => sessions.list(callerOf(request), sessionOf(request)),
  );

  app.post(
    sessionsPaths.refresh,
    {
      schema: {
        tags: ['sessions'],
        summary: '"Stay signed in": a new token for this session; the token this is called with is revoked at once',
        response: { 200: tokenResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ tokenJWT: await sessions.refresh(callerOf(request), sessionOf(request), app.auth.tokens, clientOf(request)) }),
  );

  app.post(
    sessionsPaths.endOthers,
    {
      schema: {
        tags: ['sessions'],
        summary: '"Sign out everywhere else": every other session of the caller ends, on every API process',
        response: { 200: sessionsEndedResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ ended: await sessions.endOthers(callerOf(request), sessionOf(request)) }),
  );

  app.post(
    '/api/sessions/:sessionId/end',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The caller ends one of their other sessions (its id from the list); its sockets close',
        params: sessionIdParams,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await sessions.endOne(callerOf(request), sessionOf(request), request.params.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/sessions/end',
    {
      schema: {
        tags: ['sessions'],
        summary: 'An admin ends every session of an employee or admin (audited)',
        params: idParams,
        response: { 200: sessionsEndedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ ended: await sessions.endAllOf(callerOf(request), request.params.id) }),
  );
};
