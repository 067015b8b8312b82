import {
  colleagueListResponse,
  conversationHandoffsResponse,
  conversationResponse,
  deskSettings,
  HANDOFF_REASON_MAX,
  handoffReasonRequest,
  idParams,
  jsonBodyLimit,
  transferConversationRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { ConversationHandoffsService } from './handoffs.js';

/** Handing conversations on and reopening them; roles and ownership live in src/access-policy.ts. */
export const conversationHandoffsRoutes: FastifyPluginAsyncZod<{ handoffs: ConversationHandoffsService }> = async (app, { handoffs }) => {
  const reasonLimit = jsonBodyLimit(HANDOFF_REASON_MAX + 100);

  app.put(
    '/api/conversations/:id/transfer',
    {
      bodyLimit: reasonLimit,
      schema: {
        tags: ['letters'],
        summary: 'Hand a conversation to another department (back to its open queue) or to a colleague, with a reason its citizen reads; the term does not restart; audited',
        params: idParams,
        body: transferConversationRequest,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => handoffs.transfer(callerOf(request), request.params.id, request.body, requestLanguageOf(request)),
  );

  app.put(
    '/api/conversations/:id/release',
    {
      bodyLimit: reasonLimit,
      schema: {
        tags: ['letters'],
        summary: 'An admin releases a conversation in progress back to the open queue, with a reason for its former clerk; audited',
        params: idParams,
        body: handoffReasonRequest,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => handoffs.release(callerOf(request), request.params.id, request.body.reason, requestLanguageOf(request)),
  );

  app.put(
    '/api/conversations/:id/reopen',
    {
      bodyLimit: reasonLimit,
      schema: {
        tags: ['letters'],
        summary: 'The citizen reopens a resolved letter within the admin\u2019s window (409 after it, with its last day; at most 3 times)',
        params: idParams,
        body: handoffReasonRequest,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => handoffs.reopen(callerOf(request), request.params.id, request.body.reason, requestLanguageOf(request)),
  );

  app.get(
    '/api/conversations/:id/handoffs',
    {
      schema: {
        tags: ['letters'],
        summary: 'A conversation\u2019s transfers, releases and reopenings with their reasons, and until when its citizen may reopen it',
        params: idParams,
        response: { 200: conversationHandoffsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => handoffs.history(request.params.id),
  );

  app.get(
    '/api/colleagues',
    {
      schema: { tags: ['letters'], summary: 'Active staff a letter may be handed to, by name', response: { 200: colleagueListResponse, ...errorResponses(401, 403) } },
    },
    async () => handoffs.colleagues(),
  );

  app.get(
    '/api/desk-settings',
    { schema: { tags: ['terms'], summary: 'Working days before an assignment is stale; days a citizen may reopen a resolved letter', response: { 200: deskSettings, ...errorResponses(401, 403) } } },
    async () => handoffs.settings(),
  );

  app.put(
    '/api/desk-settings',
    {
      bodyLimit: jsonBodyLimit(200),
      schema: {
        tags: ['terms'],
        summary: 'Set the stale-assignment working days and the reopening window; audited',
        body: deskSettings,
        response: { 200: deskSettings, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => handoffs.saveSettings(callerOf(request), request.body, requestLanguageOf(request)),
  );
};
