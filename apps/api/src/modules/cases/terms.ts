import {
  CASE_TYPES,
  type CaseResolutionResponse,
  caseResolutionResponse,
  type CaseTermsRequest,
  type CaseTermsResponse,
  caseTermsRequest,
  caseTermsResponse,
  COMPLICATED_REASON_MAX,
  complicatedCaseRequest,
  idParams,
  jsonBodyLimit,
  type Language,
  legalTermMessages as m,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type AuthUser } from '../../plugins/auth/index.js';
import { conflict, notFound } from '../../plugins/api-error.js';
import type { PortalEvents } from '../../plugins/events.js';
import { errorResponses } from '../http-schemas.js';
import { requestLanguageOf } from '../../plugins/request-language.js';
import type { CasesRepository } from './repository.js';
import type { CaseTermsRepository } from './terms-repository.js';

const DECIDED = new Set(['RESOLVED', 'REJECTED']);

/**
 * The admin's terms per case type, and a clerk's "particularly complicated" (issue 32 point 4,
 * KPA art. 35 §3). Each change is one event; its audit row is the audit module's.
 */
export function createCaseTermsService(deps: { terms: CaseTermsRepository; cases: CasesRepository; events: Pick<PortalEvents, 'transaction' | 'emit'> }) {
  const { terms, cases, events } = deps;
  return {
    list: async (): Promise<CaseTermsResponse> => ({ terms: await terms.list() }),

    async update(caller: AuthUser, request: CaseTermsRequest, language: Language): Promise<CaseTermsResponse> {
      await events.transaction(async (trx) => {
        const before = await terms.list(trx);
        await terms.save(request.terms, trx);
        const after = await terms.list(trx);
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await events.emit(trx, { type: 'legal-terms-changed', at: new Date().toISOString(), actorId: caller.id, actorLanguage: language, scope: 'cases', before, after });
      });
      return { terms: await terms.list() };
    },

    /** 404 for an unknown case; 409 once decided or once already extended (the term grows once). */
    async markComplicated(caller: AuthUser, caseId: number, reason: string, language: Language): Promise<CaseResolutionResponse> {
      await events.transaction(async (trx) => {
        const found = await cases.findCase(caseId, trx);
        if (!found) throw notFound();
        if (DECIDED.has(found.status)) throw conflict(m.caseDecided);
        if (found.complicatedReason !== null) throw conflict(m.alreadyComplicated);
        const extended = await terms.extend(caseId, reason, trx);
        if (!extended) throw conflict(m.alreadyComplicated);
        const changed = await cases.findCase(caseId, trx);
        await events.emit(trx, {
          type: 'case-term-extended',
          at: new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          caseId,
          ownerId: found.userId,
          caseType: found.caseType,
          vehicleNumberPlate: found.vehicleNumberPlate,
          reason,
          beforeMonths: extended.before,
          months: extended.after,
          dueDate: changed?.dueDate ?? null,
        });
      });
      const after = await cases.findCase(caseId);
      if (!after) throw notFound();
      return after;
    },
  };
}
export type CaseTermsService = ReturnType<typeof createCaseTermsService>;

/** Roles live in src/access-policy.ts: the terms are the admin's, the extension staff's. */
export const caseTermsRoutes: FastifyPluginAsyncZod<{ terms: CaseTermsService }> = async (app, { terms }) => {
  app.get(
    '/api/terms/cases',
    {
      schema: {
        tags: ['terms'],
        summary: 'Each case type\u2019s term in months, ordinary and particularly complicated (defaults 1 and 2, KPA art. 35 §3)',
        response: { 200: caseTermsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => terms.list(),
  );

  app.put(
    '/api/terms/cases',
    {
      bodyLimit: jsonBodyLimit(CASE_TYPES.length * 120),
      schema: {
        tags: ['terms'],
        summary: 'Set case types\u2019 terms for cases submitted from now on (cases already submitted keep theirs); audited',
        body: caseTermsRequest,
        response: { 200: caseTermsResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => terms.update(callerOf(request), request.body, requestLanguageOf(request)),
  );

  app.put(
    '/api/case-resolution/:id/complicated',
    {
      bodyLimit: jsonBodyLimit(COMPLICATED_REASON_MAX),
      schema: {
        tags: ['cases'],
        summary: 'A clerk finds an undecided case particularly complicated: it gets its type\u2019s longer term, with the reason (409 when decided or already extended); audited',
        params: idParams,
        body: complicatedCaseRequest,
        response: { 200: caseResolutionResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => terms.markComplicated(callerOf(request), request.params.id, request.body.reason, requestLanguageOf(request)),
  );
};
