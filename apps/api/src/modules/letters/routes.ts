import {
  conversationListResponse,
  conversationReadResponse,
  conversationResponse,
  createLetterRequest,
  idParams,
  jsonBodyLimit,
  LETTER_CONTENT_MAX,
  LETTER_SUBJECT_MAX,
  staffConversationsQuery,
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
import { requestLanguageOf } from '../../plugins/request-language.js';

export interface LettersRoutesOptions {
  letters: LettersService;
}

/** Letter and conversation calls of spec section 7; roles and ownership live in src/access-policy.ts. */
export const lettersRoutes: FastifyPluginAsyncZod<LettersRoutesOptions> = async (app, { letters }) => {
  app.post(
    '/api/letters',
    {
      bodyLimit: jsonBodyLimit(LETTER_SUBJECT_MAX + LETTER_CONTENT_MAX),
      schema: {
        tags: ['letters'],
        summary: 'Send a letter to a department; opens its conversation',
        body: createLetterRequest,
        response: { 201: conversationResponse, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await letters.createLetter(callerOf(request), request.body, requestLanguageOf(request))),
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags: ['letters'],
        summary: 'Conversations by status: every OPEN one, or an employee\u2019s IN_PROGRESS / RESOLVED ones; q searches subject, sender, numbers',
        querystring: staffConversationsQuery,
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
        params: idParams,
        querystring: takeConversationQuery,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => letters.takeConversation(callerOf(request), request.params.id, request.query.employeeId, requestLanguageOf(request)),
  );

  app.put(
    '/api/conversations/:id/status',
    {
      schema: {
        tags: ['letters'],
        summary: 'The employee handling an IN_PROGRESS conversation marks it RESOLVED',
        params: idParams,
        body: updateConversationStatusRequest,
        response: { 200: conversationResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => letters.resolveConversation(callerOf(request), request.params.id, request.body.status, requestLanguageOf(request)),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['letters'],
        summary:
          'The chat of a conversation, oldest first: all of it; with before/limit the page of older messages before a message id; with after/limit the messages with a larger id; with afterSeq/limit the messages whose seq is larger than the last one a client saw, in seq order',
        description:
          'Catch up by `seq`, not by id: `seq` numbers the conversation\'s messages 1, 2, 3... in the order they were committed, while an id is taken before the commit, so with several API processes a smaller id may commit after a larger one and `after=<id>` can miss it. A client keeps the largest `seq` it has seen (live events carry it too) and asks `?afterSeq=<it>` after a reconnect, page by page with `limit`, until a page comes back shorter than `limit`.',
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
        params: idParams,
        body: markConversationReadRequest,
        response: { 200: conversationReadResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => letters.markConversationRead(callerOf(request), request.params.id, request.body.lastReadMessageId, requestLanguageOf(request)),
  );

  app.post(
    '/api/conversations/:id/messages/send',
    {
      bodyLimit: jsonBodyLimit(MESSAGE_CONTENT_MAX),
      schema: {
        tags: ['letters'],
        summary: 'Send a chat message (409 once the conversation is RESOLVED)',
        params: idParams,
        body: sendMessageRequest,
        response: { 201: messageResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await letters.sendMessage(callerOf(request), request.params.id, request.body, requestLanguageOf(request))),
  );

  app.get(
    '/api/conversations/user/:userId',
    {
      schema: {
        tags: ['letters'],
        summary: 'A citizen\u2019s own conversations, newest first',
        params: userIdParams,
        response: { 200: conversationListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => letters.listUserConversations(callerOf(request), request.params.userId),
  );
};
