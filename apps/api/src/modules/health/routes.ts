import { apiErrorResponse, transportMessages } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUp } from '../../db/database.js';
import { ApiError } from '../../plugins/api-error.js';

const healthResponse = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** For load balancers and the browser tests' start-up wait: 200 only while the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: apiErrorResponse } } },
    async () => {
      if (!(await isDatabaseUp(app.db))) throw new ApiError(503, transportMessages.serviceUnavailable);
      return { status: 'ok' as const, database: app.dbEngine };
    },
  );
};
