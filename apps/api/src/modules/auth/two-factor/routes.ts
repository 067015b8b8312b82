import {
  idParams,
  passkeyLoginOptionsRequest,
  passkeyLoginRequest,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passwordAgainRequest,
  recoveryCodesResponse,
  secondFactorLoginRequest,
  tokenResponse,
  totpConfirmRequest,
  totpSetupResponse,
  twoFactorEnabledResponse,
  twoFactorOffRequest,
  twoFactorStatusResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../../plugins/auth/index.js';
import { errorResponses } from '../../http-schemas.js';
import type { AttemptCounters } from '../attempt-counters.js';
import { perAddressRateLimit } from '../rate-limit.js';
import type { TwoFactorService } from './service.js';
import { clientOf } from '../../../plugins/request-client.js';

export interface TwoFactorRoutesOptions {
  twoFactor: TwoFactorService;
  counters: AttemptCounters;
  rateLimitPerMinute: number;
}

/** The second step of a login, passkeys, the caller's own set-up and an admin's reset (issue 21); policies in src/access-policy.ts. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, { twoFactor, counters, rateLimitPerMinute }) => {
  app.post(
    '/login/second-factor',
    {
      onRequest: perAddressRateLimit(counters, 'login-second-factor', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'The second step: the challenge of POST /login and a code from the app (or a recovery code) for the token',
        body: secondFactorLoginRequest,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => twoFactor.loginWithCode(request.body.challenge, request.body.code, clientOf(request)),
  );

  app.post(
    '/login/passkey/options',
    {
      onRequest: perAddressRateLimit(counters, 'login-passkey', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'WebAuthn options: with the challenge of POST /login for a second step, without it for a passwordless sign-in',
        body: passkeyLoginOptionsRequest,
        response: { 200: passkeyOptionsResponse, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request) => twoFactor.passkeyLoginOptions(request.body.challenge),
  );

  app.post(
    '/login/passkey',
    {
      onRequest: perAddressRateLimit(counters, 'login-passkey', rateLimitPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'A passkey\u2019s answer to the options, exchanged for the token',
        body: passkeyLoginRequest,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => twoFactor.loginWithPasskey(request.body.ceremony, request.body.credential, clientOf(request)),
  );

  app.get(
    '/api/two-factor',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'The caller\u2019s second factors (never a secret)',
        response: { 200: twoFactorStatusResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => twoFactor.status(callerOf(request), request.session),
  );

  app.post(
    '/api/two-factor/totp/setup',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'A new secret for an authenticator app (shown this once); confirm it with a code',
        description: 'The password again: a session alone cannot add a second factor (a wrong one is counted like a sign-in).',
        body: passwordAgainRequest,
        response: { 200: totpSetupResponse, ...errorResponses(400, 401, 403, 409, 415, 429) },
      },
    },
    async (request) => twoFactor.startTotp(callerOf(request), request.body.password, clientOf(request)),
  );

  app.post(
    '/api/two-factor/totp/confirm',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'The first code turns the app on; answers the recovery codes (shown this once)',
        body: totpConfirmRequest,
        response: { 200: twoFactorEnabledResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => twoFactor.confirmTotp(callerOf(request), request.session, request.body.code, clientOf(request)),
  );

  app.post(
    '/api/two-factor/recovery-codes',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Ten new recovery codes; the earlier ones stop working (the password again confirms it)',
        body: passwordAgainRequest,
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401, 403, 409, 415, 429) },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(callerOf(request), request.body.password, clientOf(request)),
  );

  app.delete(
    '/api/two-factor',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Turn the caller\u2019s own second factor off (the password again confirms it)',
        body: twoFactorOffRequest,
        response: { 204: z.null().describe('Turned off'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await twoFactor.turnOff(callerOf(request), request.body.password, clientOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/two-factor/passkeys/options',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'WebAuthn options to register a passkey for the caller (the password again confirms it)',
        body: passwordAgainRequest,
        response: { 200: passkeyOptionsResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => twoFactor.passkeyRegistrationOptions(callerOf(request), request.body.password, clientOf(request)),
  );

  app.post(
    '/api/two-factor/passkeys',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'Registers the passkey the browser created for the options',
        body: passkeyRegisterRequest,
        response: { 200: twoFactorEnabledResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => twoFactor.registerPasskey(callerOf(request), request.session, request.body, clientOf(request)),
  );

  app.delete(
    '/api/users/:id/two-factor',
    {
      schema: {
        tags: ['two-factor'],
        summary: 'An admin removes a person\u2019s second factor (audited); they set it up again',
        params: idParams,
        response: { 204: z.null().describe('Reset'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await twoFactor.reset(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
