import {
  changePasswordRequest,
  checkResetRequest,
  checkResetResponse,
  completeResetRequest,
  idParams,
  passwordPaths,
  sendResetResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../../plugins/api-error.js';
import { callerOf } from '../../../plugins/auth/index.js';
import { errorResponses } from '../../http-schemas.js';
import { requestLanguageOf } from '../../../plugins/request-language.js';
import { clientOf } from '../../../plugins/request-client.js';
import type { AttemptCounters } from '../attempt-counters.js';
import { perAddressRateLimit } from '../rate-limit.js';
import type { PasswordService } from './service.js';

export interface PasswordRoutesOptions {
  passwords: PasswordService;
  counters: AttemptCounters;
  rateLimitPerMinute: number;
}

/** Change password, an admin's reset link, and the signed-out page behind it (issue 35); policies in src/access-policy.ts. */
export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesOptions> = async (app, { passwords, counters, rateLimitPerMinute }) => {
  const noContent = { 204: z.null().describe('Done') };

  app.post(
    passwordPaths.change,
    {
      schema: {
        tags: ['auth'],
        summary: 'The caller changes their password: the current one, the new one twice; their other sessions end',
        body: changePasswordRequest,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      await passwords.change(callerOf(request), request.session, request.body, clientOf(request), requestLanguageOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/password-reset',
    {
      onRequest: perAddressRateLimit(counters, 'password-reset-send', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'An admin emails a one-use password-reset link (30 minutes) to the account; audited',
        params: idParams,
        response: { 200: sendResetResponse, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => passwords.sendReset(callerOf(request), request.params.id, requestLanguageOf(request)),
  );

  app.post(
    passwordPaths.checkReset,
    {
      onRequest: perAddressRateLimit(counters, 'password-reset-check', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link still works (valid, expired, used or invalid); signed out',
        body: checkResetRequest,
        response: { 200: checkResetResponse, ...errorResponses(400, 415, 429) },
      },
    },
    async (request) => passwords.checkReset(request.body.token),
  );

  app.post(
    passwordPaths.completeReset,
    {
      onRequest: perAddressRateLimit(counters, 'password-reset', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link, once; every session of the account ends',
        body: completeResetRequest,
        response: { ...noContent, ...errorResponses(400, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      await passwords.completeReset(request.body);
      return reply.code(204).send(null);
    },
  );
};
