import { Readable } from 'node:stream';
import { auditFilterQuery, auditListQuery, auditListResponse, auditVerifyResponse } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nowIso } from '../../db/portable.js';
import { errorResponses } from '../http-schemas.js';
import { auditCsvHeader, auditCsvLine } from './csv.js';
import type { AuditService } from './service.js';

export interface AuditRoutesOptions {
  audit: AuditService;
}

const auditCsv = z.string().describe('The matching staff actions as CSV (UTF-8, a header line, newest first)');

/** The Audit Log tab's calls; ADMIN only in src/access-policy.ts. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { audit }) => {
  app.get(
    '/api/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Staff actions, newest first, one page at a time; filter by actor, action and time range',
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/api/audit/export.csv',
    {
      schema: {
        tags: ['audit'],
        summary: 'Every staff action matching the filters as CSV, newest first',
        querystring: auditFilterQuery,
        produces: ['text/csv'],
        response: { 200: auditCsv, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      async function* lines() {
        yield auditCsvHeader();
        for await (const entry of audit.entries(request.query)) yield auditCsvLine(entry);
      }
      const day = nowIso().slice(0, 10);
      // A stream is sent as is (no serializer); the typed reply only knows the JSON answers.
      const raw: FastifyReply = reply;
      return raw
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/api/audit/verify',
    {
      schema: {
        tags: ['audit'],
        summary: 'Walk the hash chain: intact, or the first row that was changed, removed or reordered',
        response: { 200: auditVerifyResponse, ...errorResponses(401, 403) },
      },
    },
    async () => audit.verify(),
  );
};
