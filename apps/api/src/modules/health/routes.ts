import { apiErrorResponse, transportMessages } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUp } from '../../db/database.js';
import { ApiError, errorName } from '../../plugins/api-error.js';
import { checkReadiness } from './readiness.js';

const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
  migrations: z.number().int().describe('Migrations applied, all this build knows'),
});
const notReadyResponse = z.object({ ...apiErrorResponse.shape, reason: z.string().describe('Why this process should not take traffic yet') });

/** For load balancers, orchestrators and the browser tests' start-up wait. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Alive: 200 only while the database answers.
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Alive: the process answers and so does its database; 503 otherwise',
        response: { 200: healthResponse, 503: apiErrorResponse },
      },
    },
    async () => {
      if (!(await isDatabaseUp(app.db))) throw new ApiError(503, transportMessages.serviceUnavailable);
      return { status: 'ok' as const, database: app.dbEngine };
    },
  );

  // Ready: the database answers and its schema is this build's.
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready for traffic: the database answers and every migration is applied; 503 with the reason otherwise',
        response: { 200: readyResponse, 503: notReadyResponse },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.db);
      reply.header('cache-control', 'no-store');
      if (!readiness.ready) {
        return reply.code(503).send({ error: errorName(503), message: transportMessages.serviceUnavailable, reason: readiness.reason });
      }
      return { status: 'ready' as const, database: app.dbEngine, migrations: readiness.migrations };
    },
  );
};
