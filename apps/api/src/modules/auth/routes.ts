import {
  loginChallengeResponse,
  loginRequest,
  REALTIME_PATH,
  REALTIME_TICKET_LIFETIME_SECONDS,
  REALTIME_TICKET_PARAM,
  REALTIME_TICKET_PATH,
  realtimeTicketResponse,
  registerRequest,
  tokenResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../plugins/api-error.js';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { clientOf } from '../../plugins/request-client.js';
import type { AttemptCounters } from './attempt-counters.js';
import { perAddressRateLimit } from './rate-limit.js';
import type { AuthService } from './service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  counters: AttemptCounters;
  /** Per client address and route, per minute (AUTH_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number;
}

/** POST /login, POST /register (spec section 7), POST /logout and the WebSocket ticket; policies in src/access-policy.ts. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, counters, rateLimitPerMinute }) => {
  app.post(
    '/login',
    {
      onRequest: perAddressRateLimit(counters, 'login', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Log in; answers the JWT the client stores in the auth_token cookie',
        description: 'An account with a second factor gets `secondFactor` (a challenge) instead; POST /login/second-factor or /login/passkey exchanges it for the token.',
        body: loginRequest,
        response: { 200: z.union([tokenResponse, loginChallengeResponse]), ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => auth.login(request.body, clientOf(request)),
  );

  app.post(
    '/register',
    {
      onRequest: perAddressRateLimit(counters, 'register', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Register a citizen (role USER) and log them in',
        body: registerRequest,
        response: { 201: tokenResponse, ...errorResponses(400, 409, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ tokenJWT: await auth.register(request.body, clientOf(request)) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session: the token is refused from now on, on every API process',
        response: { 204: z.null().describe('Logged out'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      await auth.logout(callerOf(request), request.session);
      return reply.code(204).send(null);
    },
  );

  app.post(
    REALTIME_TICKET_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'A one-use ticket that opens the WebSocket from a page on another host',
        description:
          `Open \`${REALTIME_PATH}?${REALTIME_TICKET_PARAM}=<ticket>\` within ${REALTIME_TICKET_LIFETIME_SECONDS} s; the ticket opens one socket, ` +
          'for the session that asked for it. A page on the API\u2019s own origin needs none: its socket sends the auth cookie.',
        response: { 200: realtimeTicketResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const user = callerOf(request);
      if (!request.session) throw unauthorized();
      const ticket = await app.auth.tokens.signTicket({ userId: user.id, ...request.session });
      return { ticket, expiresInSeconds: REALTIME_TICKET_LIFETIME_SECONDS };
    },
  );
};
