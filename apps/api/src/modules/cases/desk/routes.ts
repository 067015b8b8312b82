import {
  idParams,
  INTERNAL_NOTE_MAX,
  internalNoteListResponse,
  internalNoteRequest,
  internalNoteResponse,
  jsonBodyLimit,
  staffCaseListParams,
  staffCaseListQuery,
  staffCaseListResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../plugins/auth/index.js';
import { errorResponses } from '../../http-schemas.js';
import { requestLanguageOf } from '../../../plugins/request-language.js';
import type { CaseDeskService } from './service.js';

export interface CaseDeskRoutesOptions {
  desk: CaseDeskService;
}

/** Staff's case lists and case notes (issue 33), beside the spec's calls; staff only (src/access-policy.ts). */
export const caseDeskRoutes: FastifyPluginAsyncZod<CaseDeskRoutesOptions> = async (app, { desk }) => {
  app.get(
    '/api/case-resolution/staff/:view',
    {
      schema: {
        tags: ['cases'],
        summary: 'Staff\u2019s case lists: in progress (with the handler), the caller\u2019s own, decided; searchable (C-n, applicant, case name), paged',
        params: staffCaseListParams,
        querystring: staffCaseListQuery,
        response: { 200: staffCaseListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => desk.listStaffCases(callerOf(request), request.params.view, request.query),
  );

  app.get(
    '/api/case-resolution/:id/notes',
    {
      schema: {
        tags: ['cases'],
        summary: 'A case\u2019s internal notes, oldest first, with author and time (staff only)',
        params: idParams,
        response: { 200: internalNoteListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => desk.listNotes(request.params.id),
  );

  app.post(
    '/api/case-resolution/:id/notes',
    {
      bodyLimit: jsonBodyLimit(INTERNAL_NOTE_MAX),
      schema: {
        tags: ['cases'],
        summary: 'Leave an internal note on a case (staff only; never shown to the citizen); audited',
        params: idParams,
        body: internalNoteRequest,
        response: { 201: internalNoteResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await desk.addNote(callerOf(request), request.params.id, request.body.body, requestLanguageOf(request))),
  );
};
