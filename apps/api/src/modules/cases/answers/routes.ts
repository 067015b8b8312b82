import {
  APPEAL_TEXT_MAX,
  appealBody,
  CASE_DOCUMENTS_MAX,
  caseAnswersResponse,
  decisionDeliveryResponse,
  idParams,
  jsonBodyLimit,
  SUPPLEMENT_ANSWER_MAX,
  SUPPLEMENT_DOCUMENT_NAME_MAX,
  SUPPLEMENT_DOCUMENTS_MAX,
  SUPPLEMENT_MESSAGE_MAX,
  supplementAnswerBody,
  supplementRequestBody,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../plugins/auth/index.js';
import { errorResponses } from '../../http-schemas.js';
import { requestLanguageOf } from '../../../plugins/request-language.js';
import type { createCaseAppeals } from './appeal.js';
import type { CaseAnswersService } from './service.js';

export interface CaseAnswersRoutesOptions {
  answers: CaseAnswersService;
  appeals: ReturnType<typeof createCaseAppeals>;
}

/** A list of document UUIDs in JSON: 36 characters and its quotes and comma each. */
const ATTACHED_CHARACTERS = CASE_DOCUMENTS_MAX * 40;

/** Answering back on a case (issue 32 points 7 and 8); roles and owners in src/access-policy.ts. */
export const caseAnswersRoutes: FastifyPluginAsyncZod<CaseAnswersRoutesOptions> = async (app, { answers, appeals }) => {
  app.get(
    '/api/case-resolution/:id/answers',
    {
      schema: {
        tags: ['cases'],
        summary: 'The case\u2019s latest decision with its delivery and appeal, and its requests to supplement with the answers',
        params: idParams,
        response: { 200: caseAnswersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => answers.answersOf(request.params.id),
  );

  app.post(
    '/api/case-resolution/:id/delivery',
    {
      schema: {
        tags: ['cases'],
        summary: 'The owner\u2019s screen shows the decision: its first opening is the delivery (receipt, audit); 409 with no decision',
        params: idParams,
        response: { 200: decisionDeliveryResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => answers.deliver(callerOf(request), request.params.id, requestLanguageOf(request)),
  );

  app.post(
    '/api/case-resolution/:id/supplement-requests',
    {
      bodyLimit: jsonBodyLimit(SUPPLEMENT_MESSAGE_MAX + SUPPLEMENT_DOCUMENTS_MAX * (SUPPLEMENT_DOCUMENT_NAME_MAX + 3)),
      schema: {
        tags: ['cases'],
        summary: 'Staff ask the citizen to supplement an undecided case (the office\u2019s clock pauses); 409 while one waits or once decided',
        params: idParams,
        body: supplementRequestBody,
        response: { 201: caseAnswersResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await answers.requestSupplement(callerOf(request), request.params.id, request.body, requestLanguageOf(request))),
  );

  app.post(
    '/api/case-resolution/:id/supplement-answer',
    {
      bodyLimit: jsonBodyLimit(SUPPLEMENT_ANSWER_MAX + ATTACHED_CHARACTERS),
      schema: {
        tags: ['cases'],
        summary: 'The owner answers the waiting request with text and PDFs uploaded to the case (the clock resumes); receipt',
        params: idParams,
        body: supplementAnswerBody,
        response: { 201: caseAnswersResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await answers.answerSupplement(callerOf(request), request.params.id, request.body, requestLanguageOf(request))),
  );

  app.post(
    '/api/case-resolution/:id/appeal',
    {
      bodyLimit: jsonBodyLimit(APPEAL_TEXT_MAX + ATTACHED_CHARACTERS),
      schema: {
        tags: ['cases'],
        summary: 'The owner appeals a rejection within 14 days of its delivery, once per decision: the case is PENDING again with a new term',
        params: idParams,
        body: appealBody,
        response: { 201: caseAnswersResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await appeals.appeal(callerOf(request), request.params.id, request.body, requestLanguageOf(request))),
  );
};
