import {
  caseResolutionResponse,
  HANDOFF_REASON_MAX,
  handoffReasonRequest,
  idParams,
  jsonBodyLimit,
  reassignCaseRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { CaseHandoffsService } from './handoffs.js';

/** An admin's reassignments and releases of cases; roles in src/access-policy.ts. */
export const caseHandoffsRoutes: FastifyPluginAsyncZod<{ handoffs: CaseHandoffsService }> = async (app, { handoffs }) => {
  const reasonLimit = jsonBodyLimit(HANDOFF_REASON_MAX + 100);

  app.put(
    '/api/case-resolution/:id/reassign',
    {
      bodyLimit: reasonLimit,
      schema: {
        tags: ['cases'],
        summary: 'An admin gives a case in progress to another active employee, with a reason; the term does not restart; audited',
        params: idParams,
        body: reassignCaseRequest,
        response: { 200: caseResolutionResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => handoffs.reassign(callerOf(request), request.params.id, request.body.employeeId, request.body.reason, requestLanguageOf(request)),
  );

  app.put(
    '/api/case-resolution/:id/release',
    {
      bodyLimit: reasonLimit,
      schema: {
        tags: ['cases'],
        summary: 'An admin releases a case in progress back to the pending list, with a reason for its former clerk; audited',
        params: idParams,
        body: handoffReasonRequest,
        response: { 200: caseResolutionResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => handoffs.release(callerOf(request), request.params.id, request.body.reason, requestLanguageOf(request)),
  );

};
