import { performanceDashboardResponse, publicPerformanceResponse } from '@portal/contract';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http-schemas.js';
import { dashboardCsv, publicCsv } from './csv.js';
import { PUBLIC_CACHE_SECONDS, type PerformanceService } from './service.js';

const csvText = z.string().describe('CSV (UTF-8 with a byte order mark, a header line)');
/** Open data: anyone (and any proxy) may keep it for as long as the server keeps its own copy. */
const PUBLIC_CACHE = `public, max-age=${PUBLIC_CACHE_SECONDS}`;

export const performanceRoutes: FastifyPluginAsyncZod<{ performance: PerformanceService; rateLimit: onRequestAsyncHookHandler }> = async (
  app,
  { performance, rateLimit },
) => {
  app.get(
    '/api/admin/performance',
    {
      schema: {
        tags: ['performance'],
        summary: 'Per department (and case resolutions) for the last 12 weeks in Warsaw: received, resolved, medians; open and overdue now',
        response: { 200: performanceDashboardResponse, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return performance.dashboard();
    },
  );

  app.get(
    '/api/admin/performance.csv',
    {
      schema: {
        tags: ['performance'],
        summary: 'The dashboard as CSV: one line per unit and week',
        produces: ['text/csv'],
        response: { 200: csvText, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const answer = await performance.dashboard();
      const raw: FastifyReply = reply;
      return raw
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="performance-${answer.generatedAt.slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(dashboardCsv(answer));
    },
  );

  app.get(
    '/api/public/performance',
    {
      onRequest: rateLimit,
      schema: {
        tags: ['performance'],
        summary: 'Open data: per department, the last 12 months\u2019 received and resolved counts and the median days to an answer (null below 10 matters)',
        response: { 200: publicPerformanceResponse, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return performance.publicFigures();
    },
  );

  app.get(
    '/api/public/performance.csv',
    {
      onRequest: rateLimit,
      schema: {
        tags: ['performance'],
        summary: 'The open data as CSV',
        produces: ['text/csv'],
        response: { 200: csvText, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      const answer = await performance.publicFigures();
      const raw: FastifyReply = reply;
      return raw
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="performance-${answer.to}.csv"`)
        .header('cache-control', PUBLIC_CACHE)
        .send(publicCsv(answer));
    },
  );
};
