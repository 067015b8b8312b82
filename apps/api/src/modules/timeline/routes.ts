import { idParams, timelineResponse } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import type { TimelineService } from './service.js';

export interface TimelineRoutesOptions {
  timeline: TimelineService;
}

/** A matter's timeline (issue 32 point 2); who may read it is in src/access-policy.ts. */
export const timelineRoutes: FastifyPluginAsyncZod<TimelineRoutesOptions> = async (app, { timeline }) => {
  app.get(
    '/api/timeline/letters/:id',
    {
      schema: {
        tags: ['timeline'],
        summary: 'A letter\u2019s timeline (its id, L-n), oldest first; staff also see internal notes',
        params: idParams,
        response: { 200: timelineResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => timeline.read('letter', request.params.id, callerOf(request)),
  );
  app.get(
    '/api/timeline/cases/:id',
    {
      schema: {
        tags: ['timeline'],
        summary: 'A case\u2019s timeline (C-n), oldest first; staff also see internal notes',
        params: idParams,
        response: { 200: timelineResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => timeline.read('case', request.params.id, callerOf(request)),
  );
};
