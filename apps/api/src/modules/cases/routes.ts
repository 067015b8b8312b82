import {
  CASE_COMMENTS_MAX,
  caseDetailsResponse,
  caseResolutionListResponse,
  caseResolutionResponse,
  caseStatusParams,
  caseListQuery,
  caseStatusUpdateParams,
  caseStatusUpdateRequest,
  CASE_DECISION_REASON_MAX,
  createCaseRequest,
  idParams,
  jsonBodyLimit,
  userIdParams,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import type { CasesService } from './service.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import { z } from 'zod';

export interface CasesRoutesOptions {
  cases: CasesService;
}

/** Case resolution calls of spec section 7; roles and ownership live in src/access-policy.ts. */
export const casesRoutes: FastifyPluginAsyncZod<CasesRoutesOptions> = async (app, { cases }) => {
  app.post(
    '/api/case-resolution/create/VehicleRegistration',
    {
      bodyLimit: jsonBodyLimit(CASE_COMMENTS_MAX),
      schema: {
        tags: ['cases'],
        summary: 'Open a case (any type; vehicle details only for VEHICLE_REGISTRATION), all in one transaction',
        body: createCaseRequest,
        response: { 201: caseResolutionResponse, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await cases.createCase(callerOf(request), request.body, requestLanguageOf(request))),
  );

  app.get(
    '/api/case-resolution/status/:status',
    {
      schema: {
        tags: ['cases'],
        summary: 'Cases in a status, newest first: every case for staff, a citizen\u2019s own for a citizen; q searches type, applicant, plate, comments, number',
        params: caseStatusParams,
        querystring: caseListQuery,
        response: { 200: caseResolutionListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cases.listByStatus(callerOf(request), request.params.status, request.query.q),
  );

  app.get(
    '/api/case-resolution/user/:userId',
    {
      schema: {
        tags: ['cases'],
        summary: 'A citizen\u2019s own cases in every status, newest first',
        params: userIdParams,
        response: { 200: caseResolutionListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cases.listForUser(request.params.userId),
  );

  app.get(
    '/api/case-resolution/details/:id',
    {
      schema: {
        tags: ['cases'],
        summary: 'A case with its vehicle registration, status history and documents',
        params: idParams,
        response: { 200: caseDetailsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cases.details(request.params.id),
  );

  app.put(
    '/api/case-resolution/:id/update-status/:status',
    {
      bodyLimit: jsonBodyLimit(CASE_DECISION_REASON_MAX),
      schema: {
        tags: ['cases'],
        summary:
          'Staff set any of the four statuses, optionally with a message to the applicant (no body: none); the change is audited and pushed live to the citizen',
        params: caseStatusUpdateParams,
        body: z.optional(caseStatusUpdateRequest),
        response: { 200: caseResolutionResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      cases.updateStatus(callerOf(request), request.params.id, request.params.status, requestLanguageOf(request), request.body?.reason ?? null),
  );
};
