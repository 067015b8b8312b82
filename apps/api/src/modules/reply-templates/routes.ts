import {
  fillReplyTemplateRequest,
  filledReplyTemplateResponse,
  idParams,
  jsonBodyLimit,
  REPLY_TEMPLATE_NAME_MAX,
  REPLY_TEMPLATE_TEXT_MAX,
  replyTemplateListQuery,
  replyTemplateListResponse,
  replyTemplateRequest,
  replyTemplateResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { ReplyTemplatesService } from './service.js';

/** Room for the name, the text and the other fields' JSON around them. */
const TEMPLATE_BODY_LIMIT = jsonBodyLimit(REPLY_TEMPLATE_NAME_MAX + REPLY_TEMPLATE_TEXT_MAX);

/** Canned replies (issue 33 point 4): staff only (src/access-policy.ts); who keeps which is the service's. */
export const replyTemplatesRoutes: FastifyPluginAsyncZod<{ templates: ReplyTemplatesService }> = async (app, { templates }) => {
  app.get(
    '/api/reply-templates',
    {
      schema: {
        tags: ['desk'],
        summary: 'The departments\u2019 reply templates and the caller\u2019s own, by name; q searches the name',
        querystring: replyTemplateListQuery,
        response: { 200: replyTemplateListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => templates.list(callerOf(request), request.query),
  );

  app.post(
    '/api/reply-templates',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        tags: ['desk'],
        summary: 'Save a reply template: a department\u2019s (admins) or the caller\u2019s own; an unknown placeholder is a 400 naming it',
        body: replyTemplateRequest,
        response: { 201: replyTemplateResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await templates.create(callerOf(request), request.body, requestLanguageOf(request))),
  );

  app.put(
    '/api/reply-templates/:id',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        tags: ['desk'],
        summary: 'Change a reply template (403 for another employee\u2019s own, or a department\u2019s unless admin)',
        params: idParams,
        body: replyTemplateRequest,
        response: { 200: replyTemplateResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => templates.update(callerOf(request), request.params.id, request.body, requestLanguageOf(request)),
  );

  app.delete(
    '/api/reply-templates/:id',
    {
      schema: {
        tags: ['desk'],
        summary: 'Delete a reply template (the same keepers as a change); audited',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await templates.remove(callerOf(request), request.params.id, requestLanguageOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/reply-templates/:id/fill',
    {
      bodyLimit: jsonBodyLimit(0),
      schema: {
        tags: ['desk'],
        summary: 'The template\u2019s text filled from a conversation\u2019s facts (the citizen\u2019s name, L-n, subject, due date, the clerk\u2019s name)',
        params: idParams,
        body: fillReplyTemplateRequest,
        response: { 200: filledReplyTemplateResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => templates.fill(callerOf(request), request.params.id, request.body.conversationId),
  );
};
