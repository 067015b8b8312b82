import { loginRequest, registerRequest, tokenResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http-schemas.js';
import type { AuthService } from './service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Per client IP and route, per minute (AUTH_RATE_LIMIT_PER_MINUTE). */
  rateLimitPerMinute: number;
}

/** POST /login and POST /register of spec section 7; both public (src/access-policy.ts). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, rateLimitPerMinute }) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in; answers the JWT the client stores in the auth_token cookie',
        body: loginRequest,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => ({ tokenJWT: await auth.login(request.body) }),
  );

  app.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Register a citizen (role USER) and log them in',
        body: registerRequest,
        response: { 201: tokenResponse, ...errorResponses(400, 409, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ tokenJWT: await auth.register(request.body) }),
  );
};
