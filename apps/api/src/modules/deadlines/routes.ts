import {
  DELAY_REASON_MAX,
  delayNoticeRequest,
  idParams,
  jsonBodyLimit,
  type TermedMatterKind,
  matterDeadlineResponse,
  openPromptsResponse,
  PROMPT_TEXT_MAX,
  promptAnswerRequest,
  promptRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { DeadlinesService } from './service.js';

/** A letter's routes name it by its conversation's id (as every letter route does); a case by its id. */
const MATTER_PATHS: readonly { kind: TermedMatterKind; base: string; tag: string }[] = [
  { kind: 'letter', base: '/api/conversations/:id', tag: 'conversations' },
  { kind: 'case', base: '/api/case-resolution/:id', tag: 'cases' },
];

/** Who may call each is src/access-policy.ts's: the owner prompts, staff send notices, admins answer. */
export const deadlinesRoutes: FastifyPluginAsyncZod<{ deadlines: DeadlinesService }> = async (app, { deadlines }) => {
  for (const { kind, base, tag } of MATTER_PATHS) {
    app.get(
      `${base}/deadline`,
      {
        schema: {
          tags: [tag],
          summary: `The ${kind}\u2019s clock today: its due date (after any delay notice), due soon or overdue, whether a delay notice is owed, when a prompt may be sent, its notices and prompts`,
          params: idParams,
          response: { 200: matterDeadlineResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deadlines.deadline({ kind, id: request.params.id }),
    );

    app.post(
      `${base}/delay-notice`,
      {
        bodyLimit: jsonBodyLimit(DELAY_REASON_MAX + 40),
        schema: {
          tags: [tag],
          summary: `Staff tell the citizen the ${kind} is not handled in its term (KPA art. 36): the reason and a new date (a working day after today), which becomes its due date; portal entry, email, receipt; audited`,
          params: idParams,
          body: delayNoticeRequest,
          response: { 200: matterDeadlineResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => deadlines.sendNotice(callerOf(request), { kind, id: request.params.id }, request.body, requestLanguageOf(request)),
    );

    app.post(
      `${base}/prompt`,
      {
        bodyLimit: jsonBodyLimit(PROMPT_TEXT_MAX),
        schema: {
          tags: [tag],
          summary: `The citizen prompts the office about their ${kind} once its term passed (KPA art. 37; 409 before then, or within 7 days of their last prompt, with the date it becomes possible); the admins hear of it; receipt; audited`,
          params: idParams,
          body: promptRequest,
          response: { 200: matterDeadlineResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => deadlines.prompt(callerOf(request), { kind, id: request.params.id }, request.body.text, requestLanguageOf(request)),
    );
  }

  app.get(
    '/api/prompts',
    {
      schema: {
        tags: ['prompts'],
        summary: 'Open prompts (KPA art. 37), oldest first, with the days left to answer them (7 from their arrival)',
        response: { 200: openPromptsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => deadlines.openPrompts(),
  );

  app.post(
    '/api/prompts/:id/answer',
    {
      bodyLimit: jsonBodyLimit(DELAY_REASON_MAX + 40),
      schema: {
        tags: ['prompts'],
        summary: 'An admin answers a prompt once: the reason and a new due date (a working day after today), or no date when the answer is the decision; portal entry, email, receipt; audited',
        params: idParams,
        body: promptAnswerRequest,
        response: { 200: openPromptsResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => deadlines.answer(callerOf(request), request.params.id, request.body, requestLanguageOf(request)),
  );
};
