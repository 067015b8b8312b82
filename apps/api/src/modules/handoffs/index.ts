import { staleAssignmentList } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import { errorResponses } from '../http-schemas.js';
import type { StaleCasesPort, StaleLettersPort } from '../../ports/matters.js';

interface StaleSources {
  letters: StaleLettersPort;
  cases: StaleCasesPort;
}

const staleRoutes: FastifyPluginAsyncZod<StaleSources> = async (app, { letters, cases }) => {
  app.get(
    '/api/stale-assignments',
    {
      schema: {
        tags: ['desk'],
        summary: 'Letters and cases in progress with no staff action for the admin\u2019s number of working days, longest idle first',
        response: { 200: staleAssignmentList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const { staleWorkingDays } = await letters.deskSettings();
      const [letterItems, caseItems] = await Promise.all([letters.staleConversations(), cases.staleCases(staleWorkingDays)]);
      return [...letterItems, ...caseItems].sort((a, b) => a.lastActionAt.localeCompare(b.lastActionAt));
    },
  );
};

/**
 * The admins' view of stale assignments (issue 33 point 7): taken letters and cases nobody on the
 * staff acted on for the admin's number of working days (the letters module keeps the setting).
 * No table: each part comes from its owner's service; the releases are those modules' routes.
 */
export const handoffsModule = defineModule<StaleSources>()({
  name: 'handoffs',
  setup(_env, sources) {
    return {
      async register(app) {
        await app.register(named(staleRoutes), sources);
      },
    };
  },
});
