import {
  conversationListResponse,
  conversationReadResponse,
  conversationResponse,
  createLetterRequest,
  idParams,
  jsonBodyLimit,
  LETTER_CONTENT_MAX,
  LETTER_SUBJECT_MAX,
  listConversationsQuery,
  listMessagesQuery,
  markConversationReadRequest,
  messageListResponse,
  MESSAGE_CONTENT_MAX,
  messageResponse,
  sendMessageRequest,
  takeConversationQuery,
  updateConversationStatusRequest,
  userIdParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import type { LettersService } from './service.js';
import { receiptLanguageOf } from '../receipts/index.js';

export interface LettersRoutesOptions {
  letters: LettersService;
}

const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

/** Letter and conversation calls of spec section 7; roles and ownership live in src/access-policy.ts. */
export const lettersRoutes: FastifyPluginAsyncZod<LettersRoutesOptions> = async (app, { letters }) => {
  app.post(
    '/api/letters',
    {
      bodyLimit: jsonBodyLimit(LETTER_SUBJECT_MAX + LETTER_CONTENT_MAX),
      schema: {
        tags: ['letters'],
        summary: 'Send a letter to a department; opens its conversation',
        security,
        body: createLetterRequest,
        response: { 201: conversationResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await letters.createLetter(callerOf(request), request.body, receiptLanguageOf(request))),
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['letters'],
        summary: 'Conversations by status: every OPEN one, or an employee\u2019s IN_PROGRESS / RESOLVED ones; q searches subject, sender, numbers',
        security,
        querystring: listConversationsQuery,
        response: { 200: conversationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => letters.listConversations(callerOf(request), request.query),
  );

  app.put(
    '/api/conversations/:id/take',
    {
      schema: {
        tags: ['letters'],
        summary: 'An employee takes an OPEN conversation (409 when another was faster)',
        security,
        params: idParams,
        querystring: takeConversationQuery,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => letters.takeConversation(callerOf(request), request.params.id, request.query.employeeId),
  );

  app.put(
    '/api/conversations/:id/status',
    {
      schema: {
        tags: ['letters'],
        summary: 'The employee handling an IN_PROGRESS conversation marks it RESOLVED',
        security,
        params: idParams,
        body: updateConversationStatusRequest,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => letters.resolveConversation(callerOf(request), request.params.id, request.body.status, receiptLanguageOf(request)),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['letters'],
        summary: 'The chat of a conversation, oldest first: all of it; with before/limit the page of older messages before a message id; with after/limit the messages newer than the last one a client saw (catch-up after a reconnect)',
        security,
        params: idParams,
        querystring: listMessagesQuery,
        response: { 200: messageListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => letters.listMessages(request.params.id, request.query),
  );

  app.put(
    '/api/conversations/:id/read',
    {
      schema: {
        tags: ['letters'],
        summary: 'The caller has read the conversation up to a message; answers the mark and what is still unread',
        security,
        params: idParams,
        body: markConversationReadRequest,
        response: { 200: conversationReadResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => letters.markConversationRead(callerOf(request), request.params.id, request.body.lastReadMessageId),
  );

  app.post(
    '/api/conversations/:id/messages/send',
    {
      bodyLimit: jsonBodyLimit(MESSAGE_CONTENT_MAX),
      schema: {
        tags: ['letters'],
        summary: 'Send a chat message (409 once the conversation is RESOLVED)',
        security,
        params: idParams,
        body: sendMessageRequest,
        response: { 201: messageResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await letters.sendMessage(callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/conversations/user/:userId',
    {
      schema: {
        tags: ['letters'],
        summary: 'A citizen\u2019s own conversations, newest first',
        security,
        params: userIdParams,
        response: { 200: conversationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => letters.listUserConversations(callerOf(request), request.params.userId),
  );
};
