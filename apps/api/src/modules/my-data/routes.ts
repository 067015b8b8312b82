import {
  CLOSURE_REFUSAL_REASON_MAX,
  closureApprovedResponse,
  closureRequestListResponse,
  closureStatusResponse,
  EXPORTS_PER_HOUR,
  idParams,
  jsonBodyLimit,
  myDataApiMessages,
  myDataPaths,
  refuseClosureRequest,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { retryLater } from '../../plugins/api-error.js';
import { callerOf } from '../../plugins/auth/index.js';
import type { AuthPort } from '../../ports/auth.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { MyDataService } from './service.js';

export interface MyDataRoutesOptions {
  myData: MyDataService;
  auth: AuthPort;
}

const ZIP_CONTENT_TYPE = 'application/zip';
const zipBytes = z.string().meta({ format: 'binary', description: 'A ZIP file' });

/** "Download my data" and "Close my account" (issue 21); policies in src/access-policy.ts. */
export const myDataRoutes: FastifyPluginAsyncZod<MyDataRoutesOptions> = async (app, { myData, auth }) => {
  app.get(
    myDataPaths.export,
    {
      schema: {
        tags: ['my-data'],
        summary: `The caller's data as one ZIP, streamed; at most ${EXPORTS_PER_HOUR} an hour per person`,
        produces: [ZIP_CONTENT_TYPE],
        response: { 200: zipBytes, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = callerOf(request);
      // Counted in the database: every API process shares the limit.
      const hit = await auth.hitCounter(`rate:my-data-export:${user.id}`, 60 * 60_000);
      if (hit.count > EXPORTS_PER_HOUR) throw retryLater(myDataApiMessages.exportLimit, hit.resetAtMs);
      const { stream, fileName } = await myData.exportZip(user, requestLanguageOf(request));
      reply.header('content-type', ZIP_CONTENT_TYPE);
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.header('cache-control', 'no-store');
      // A stream is no string to the schema's type: the route answers raw bytes (as the document download does).
      return (reply as FastifyReply).send(stream);
    },
  );

  app.get(
    myDataPaths.closure,
    {
      schema: {
        tags: ['my-data'],
        summary: "Whether closing the caller's account was asked for",
        response: { 200: closureStatusResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => myData.closureStatus(callerOf(request)),
  );

  app.post(
    myDataPaths.closure,
    {
      schema: {
        tags: ['my-data'],
        summary: 'A citizen asks to close their account; an admin approves (audited)',
        response: { 201: closureStatusResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await myData.requestClosure(callerOf(request), requestLanguageOf(request))),
  );

  app.delete(
    myDataPaths.closure,
    {
      schema: {
        tags: ['my-data'],
        summary: 'A citizen withdraws their pending request to close the account (audited)',
        response: { 200: closureStatusResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => myData.withdrawClosure(callerOf(request), requestLanguageOf(request)),
  );

  app.get(
    myDataPaths.closureRequests,
    {
      schema: {
        tags: ['my-data'],
        summary: 'Requests to close an account that wait for an admin',
        response: { 200: closureRequestListResponse, ...errorResponses(401, 403) },
      },
    },
    async () => myData.pendingClosures(),
  );

  app.post(
    '/api/account-closures/:id/approve',
    {
      schema: {
        tags: ['my-data'],
        summary: 'Close the account: personal fields replaced by a pseudonym, records kept (audited)',
        params: idParams,
        response: { 200: closureApprovedResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => myData.approveClosure(callerOf(request), request.params.id, requestLanguageOf(request)),
  );

  app.post(
    '/api/account-closures/:id/refuse',
    {
      bodyLimit: jsonBodyLimit(CLOSURE_REFUSAL_REASON_MAX),
      schema: {
        tags: ['my-data'],
        summary: 'Refuse a request to close an account, with the reason the citizen reads (audited, emailed)',
        params: idParams,
        body: refuseClosureRequest,
        response: { 200: closureStatusResponse, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) => myData.refuseClosure(callerOf(request), request.params.id, request.body.reason, requestLanguageOf(request)),
  );
};
