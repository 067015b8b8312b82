import {
  jsonBodyLimit,
  type LetterTermsRequest,
  type LetterTermsResponse,
  letterTermsRequest,
  letterTermsResponse,
  DEPARTMENTS,
  type Language,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { LetterTermsRepository } from './terms-repository.js';

/**
 * The admin's terms for letters, per department (issue 32 point 4). A change applies to letters
 * that arrive afterwards; each letter keeps the term it got. One event per change (its audit row
 * is the audit module's).
 */
export function createLetterTermsService(terms: LetterTermsRepository, events: Pick<PortalEvents, 'transaction' | 'emit'>) {
  return {
    list: async (): Promise<LetterTermsResponse> => ({ terms: await terms.list() }),

    async update(caller: AuthUser, request: LetterTermsRequest, language: Language): Promise<LetterTermsResponse> {
      await events.transaction(async (trx) => {
        const before = await terms.list(trx);
        await terms.save(request.terms, trx);
        const after = await terms.list(trx);
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await events.emit(trx, {
          type: 'legal-terms-changed',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          scope: 'letters',
          before,
          after,
        });
      });
      return { terms: await terms.list() };
    },
  };
}
export type LetterTermsService = ReturnType<typeof createLetterTermsService>;

/** Roles live in src/access-policy.ts (administrators only). */
export const letterTermsRoutes: FastifyPluginAsyncZod<{ terms: LetterTermsService }> = async (app, { terms }) => {
  app.get(
    '/api/terms/letters',
    {
      schema: {
        tags: ['terms'],
        summary: 'The term in months within which each department answers a letter (default one month, KPA art. 237)',
        response: { 200: letterTermsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => terms.list(),
  );

  app.put(
    '/api/terms/letters',
    {
      bodyLimit: jsonBodyLimit(DEPARTMENTS.length * 100),
      schema: {
        tags: ['terms'],
        summary: 'Set departments\u2019 terms for letters that arrive from now on (letters already sent keep theirs); audited',
        body: letterTermsRequest,
        response: { 200: letterTermsResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => terms.update(callerOf(request), request.body, requestLanguageOf(request)),
  );
};
