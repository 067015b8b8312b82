import { matterListQuery, matterListResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../app-module.js';
import { callerOf } from '../../plugins/auth/index.js';
import { named } from '../../plugins/plugin-name.js';
import type { CasesPort, LettersPort, ObligationsPort, TimelinePort } from '../../ports/matters.js';
import { errorResponses } from '../http-schemas.js';
import { createMattersService, type MattersService } from './service.js';

export type { MattersService };

const mattersRoutes: FastifyPluginAsyncZod<{ matters: MattersService }> = async (app, { matters }) => {
  app.get(
    '/api/matters',
    {
      schema: {
        tags: ['matters'],
        summary: 'My matters: the caller\u2019s letters, cases and obligations, newest activity first, filtered, searched and paged',
        querystring: matterListQuery,
        response: { 200: matterListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => matters.list(callerOf(request), request.query),
  );
};

/**
 * "My matters" (issue 32 point 1): no table of its own; it asks the letters, cases and obligations
 * services, and the timeline when each letter and case last moved.
 */
export const mattersModule = defineModule<{
  letters: LettersPort;
  cases: CasesPort;
  obligations: ObligationsPort;
  timeline: TimelinePort;
}>()({
  name: 'matters',
  setup(_env, sources) {
    const matters = createMattersService(sources);
    return {
      async register(app) {
        await app.register(named(mattersRoutes), { matters });
      },
    };
  },
});
