import {
  type CaseAnswersResponse,
  caseAnswerMessages as m,
  type CaseResolutionResponse,
  type DecisionDeliveryResponse,
  type Language,
  type SupplementAnswerBody,
  type SupplementRequestBody,
} from '@portal/contract';
import { badRequest, conflict, notFound } from '../../../plugins/api-error.js';
import type { AuthUser } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { Db } from '../../../db/database.js';
import { uniqueViolation } from '../../../db/errors.js';
import type { DocumentsRepository } from '../documents/repository.js';
import type { CasesRepository } from '../repository.js';
import { decisionDatesOf } from './clock.js';
import type { CaseAnswersRepository, StoredDecision } from './repository.js';

export interface CaseAnswersServiceDeps {
  cases: Pick<CasesRepository, 'findCase' | 'refreshDueDate' | 'moveNotifiedDueDate'>;
  answers: CaseAnswersRepository;
  documents: Pick<DocumentsRepository, 'listForCase'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  /** The server's clock (tests pass their own). */
  now?: () => Date;
}

const DECIDED = new Set(['RESOLVED', 'REJECTED']);
export const isDecided = (status: string) => DECIDED.has(status);

/** A race the check before the insert lost (two requests at once): the unique index answers, as a 409. */
export const conflictOnRace = (message: string) => (error: unknown): never => {
  if (uniqueViolation(error)) throw conflict(message);
  throw error;
};

/** A case's facts every event carries. */
export const factsOf = (found: CaseResolutionResponse) => ({
  caseId: found.id,
  ownerId: found.userId,
  caseType: found.caseType,
  vehicleNumberPlate: found.vehicleNumberPlate,
});

/** The names of the documents `uuids` if each is a complete document of the case; else a 400 naming the field. */
export async function attachedDocumentNames(
  documents: Pick<DocumentsRepository, 'listForCase'>,
  caseId: number,
  uuids: readonly string[],
  executor: Db,
): Promise<string[]> {
  const onCase = new Map((await documents.listForCase(caseId, executor)).map((document) => [document.uuid, document.documentName]));
  const names = uuids.map((uuid) => onCase.get(uuid));
  if (names.some((name) => name === undefined)) throw badRequest(m.documentNotOnCase, { documents: m.documentNotOnCase });
  return names as string[];
}

/**
 * Issue 32 points 7 and 8a: a decision's delivery (the owner's first opening, or 14 days) and a
 * request to supplement with its answer (the office's clock stands in between). Roles and the
 * owner are checked first by the access policy; the rules here.
 */
export function createCaseAnswersService({ cases, answers, documents, events, now = () => new Date() }: CaseAnswersServiceDeps) {
  async function load(caseId: number, executor?: Db): Promise<CaseResolutionResponse> {
    const found = await cases.findCase(caseId, executor);
    if (!found) throw notFound();
    return found;
  }

  async function decisionOf(decision: StoredDecision | undefined, executor?: Db): Promise<DecisionDeliveryResponse | null> {
    if (!decision) return null;
    const appeal = await answers.appealOf(decision.id, executor);
    return {
      id: decision.id,
      status: decision.status,
      decidedAt: decision.decidedAt,
      ...decisionDatesOf(decision, now()),
      appeal: appeal ?? null,
      onAppeal: decision.onAppeal,
    };
  }

  return {
    decisionOf,

    /** The latest decision with its delivery, and every request to supplement: for the owner and staff. */
    async answersOf(caseId: number): Promise<CaseAnswersResponse> {
      await load(caseId);
      const [decision, supplements] = await Promise.all([answers.latestDecision(caseId), answers.listSupplements(caseId)]);
      return { decision: await decisionOf(decision), supplements };
    },

    /**
     * The owner's screen shows the decision (only the owner's call reaches here): the first time
     * is its delivery, with its event (receipt, audit). Later calls, and an opening after the
     * 14th day (delivered already by then), record nothing new.
     */
    async deliver(caller: AuthUser, caseId: number, language: Language): Promise<DecisionDeliveryResponse> {
      await events.transaction(async (trx) => {
        const found = await load(caseId, trx);
        const decision = await answers.latestDecision(caseId, trx);
        if (!decision || !isDecided(found.status)) throw conflict(m.nothingToDeliver);
        if (decision.openedAt !== null) return;
        const at = now().toISOString();
        const before = decisionDatesOf(decision, now());
        if (!(await answers.markOpened(decision.id, at, trx))) return;
        if (before.deliveredHow === 'deemed') return;
        await events.emit(trx, {
          type: 'case-decision-delivered',
          at,
          actorId: caller.id,
          actorLanguage: language,
          ...factsOf(found),
          decisionId: decision.id,
          decision: decision.status,
          decidedAt: decision.decidedAt,
        });
      });
      const decision = await decisionOf(await answers.latestDecision(caseId));
      if (!decision) throw conflict(m.nothingToDeliver);
      return decision;
    },

    /** Staff ask; 409 once decided or while an earlier request waits. The clock stands from now. */
    async requestSupplement(caller: AuthUser, caseId: number, body: SupplementRequestBody, language: Language): Promise<CaseAnswersResponse> {
      const documentsNeeded = body.documentsNeeded ?? [];
      await events.transaction(async (trx) => {
        const found = await load(caseId, trx);
        if (isDecided(found.status)) throw conflict(m.caseDecided);
        if (await answers.openSupplement(caseId, trx)) throw conflict(m.alreadyWaiting);
        const at = now().toISOString();
        const supplementId = await answers.insertSupplement(caseId, caller.id, at, body.message, documentsNeeded, trx);
        // The clock stands: the staff lists' sort key with it (due-date.ts), in this transaction.
        await cases.refreshDueDate(caseId, trx);
        await events.emit(trx, {
          type: 'case-supplement-requested',
          at,
          actorId: caller.id,
          actorLanguage: language,
          ...factsOf(found),
          supplementId,
          message: body.message,
          documentsNeeded,
        });
      }).catch(conflictOnRace(m.alreadyWaiting));
      return this.answersOf(caseId);
    },

    /** The owner answers the waiting request with text and PDFs already uploaded to the case; the clock resumes. */
    async answerSupplement(caller: AuthUser, caseId: number, body: SupplementAnswerBody, language: Language): Promise<CaseAnswersResponse> {
      await events.transaction(async (trx) => {
        const found = await load(caseId, trx);
        const open = await answers.openSupplement(caseId, trx);
        if (!open || isDecided(found.status)) throw conflict(m.notWaiting);
        const uuids = body.documents ?? [];
        const names = await attachedDocumentNames(documents, caseId, uuids, trx);
        const at = now().toISOString();
        if (!(await answers.answerSupplement(open.id, at, body.answer, uuids, trx))) throw conflict(m.notWaiting);
        // The clock runs again, later by the days waited: a notice's date too, and the sort key.
        await cases.moveNotifiedDueDate(caseId, { pause: { from: open.requestedAt, to: at } }, trx);
        await cases.refreshDueDate(caseId, trx);
        await events.emit(trx, {
          type: 'case-supplement-answered',
          at,
          actorId: caller.id,
          actorLanguage: language,
          ...factsOf(found),
          supplementId: open.id,
          requestedBy: open.requestedBy,
          answer: body.answer,
          documents: names,
        });
      });
      return this.answersOf(caseId);
    },
  };
}

export type CaseAnswersService = ReturnType<typeof createCaseAnswersService>;
