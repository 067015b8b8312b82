import { createObligationRequest, obligationListResponse, obligationResponse, userIdParams } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth/index.js';
import { errorResponses } from '../http-schemas.js';
import { parseAmountFromJsonText } from './exact-amount-json.js';
import type { ObligationsService } from './service.js';

export interface ObligationsRoutesOptions {
  obligations: ObligationsService;
}

/** Financial obligation calls of spec section 7; roles and ownership live in src/access-policy.ts. */
export const obligationsRoutes: FastifyPluginAsyncZod<ObligationsRoutesOptions> = async (app, { obligations }) => {
  parseAmountFromJsonText(app);

  app.get(
    '/api/financial-obligations/by-interest-id/:userId',
    {
      schema: {
        tags: ['obligations'],
        summary: 'A person\u2019s financial obligations by due date (a citizen: only their own)',
        description: '`amount` is the exact decimal text in PLN with two places ("1234.50"). `transfer` is set for unpaid obligations when the city\u2019s account is configured.',
        params: userIdParams,
        response: { 200: obligationListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => obligations.listFor(request.params.userId),
  );

  app.post(
    '/api/financial-obligations',
    {
      schema: {
        tags: ['obligations'],
        summary: 'Create a financial obligation for a citizen (employees and admins)',
        description:
          '`amount` in PLN as a JSON number or a decimal string, read exactly from its text: greater than 0, at most 2 decimals, ' +
          'at most 999999999.99. Dates are YYYY-MM-DD calendar dates; paymentStatus defaults to PENDING.',
        body: createObligationRequest,
        response: { 201: obligationResponse, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await obligations.create(callerOf(request), request.body)),
  );
};
