import {
  deadlineMessages,
  type CaseDetailsResponse,
  type CaseResolutionResponse,
  type CaseStatus,
  caseApiMessages as m,
  type CreateCaseRequest,
  type Language,
  type Role,
} from '@portal/contract';
import type { QuotasPort } from '../../ports/quotas.js';
import type { Engine } from '../../db/portable.js';
import { badRequest, conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import type { DocumentsRepository } from './documents/repository.js';
import type { CasesRepository } from './repository.js';
import type { CaseAnswersRepository } from './answers/repository.js';
import { caseSearchFor } from './case-rows.js';

export interface CasesServiceDeps {
  engine: Engine;
  cases: CasesRepository;
  documents: DocumentsRepository;
  /** A decision (RESOLVED or REJECTED) is stored to await its delivery (issue 32 point 7). */
  answers: Pick<CaseAnswersRepository, 'insertDecision'>;
  /** The role of a user, undefined when there is none (an admin may open a case for someone else). */
  findRole: (id: number) => Promise<Role | undefined>;
  quotas: Pick<QuotasPort, 'assertOpenCaseRoom'>;
  /** A submission and a status change are each one event (its receipt, email, audit row and live push are subscribers'). */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
}

const isStaff = (user: AuthUser) => user.role !== 'USER';

/**
 * The case rules of spec sections 4 and 5, enforced here whatever the client does. Roles and
 * "the userId in the body is the caller's" are checked earlier by the access policy.
 */
export function createCasesService({ engine, cases, documents, answers, findRole, quotas, events }: CasesServiceDeps) {
  async function load(id: number): Promise<CaseResolutionResponse> {
    const found = await cases.findCase(id);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** The performance figures of cases (issue 33): arrivals, first actions, decisions by span; open and overdue now. */
    openFigures: (today: string) => cases.openFigures(today),

    /** The case and its vehicle registration in one transaction: both are stored or neither. */
    async createCase(caller: AuthUser, request: CreateCaseRequest, language: Language = 'en'): Promise<CaseResolutionResponse> {
      const ownerId = request.caseResolutionDTO.userId ?? caller.id;
      // Cases are citizens' affairs: staff open them only on a citizen's behalf.
      const ownerRole = ownerId === caller.id ? caller.role : await findRole(ownerId);
      if (ownerRole === undefined) throw badRequest(m.unknownUser, { 'caseResolutionDTO.userId': m.unknownUser });
      if (ownerRole !== 'USER') throw badRequest(m.ownerNotCitizen, { 'caseResolutionDTO.userId': m.ownerNotCitizen });
      const id = await events.transaction(async (trx) => {
        await quotas.assertOpenCaseRoom(trx, caller, ownerId);
        const { caseType, comments } = request.caseResolutionDTO;
        const vehicle = request.vehicleRegistrationDTO ?? null;
        const caseId = await cases.insertCase({ userId: ownerId, caseType, comments }, trx);
        if (vehicle) await cases.insertVehicle(caseId, vehicle, trx);
        const created = await cases.findCase(caseId, trx);
        await events.emit(trx, {
          type: 'case-submitted',
          at: created?.submissionDate ?? new Date().toISOString(),
          actorId: caller.id,
          actorLanguage: language,
          caseId,
          ownerId,
          caseType,
          vehicleNumberPlate: vehicle?.vehicleNumberPlate ?? null,
          comments: comments ?? null,
          vehicle,
        });
        return caseId;
      });
      return load(id);
    },

    /**
     * Staff see every case in the status; a citizen only their own. `q` narrows the list by the
     * type's name (English or Polish), the applicant, the plate, the comments or the number.
     */
    listByStatus: (caller: AuthUser, status: CaseStatus, q?: string) =>
      cases.listCases({
        status,
        ...(isStaff(caller) ? {} : { userId: caller.id }),
        ...(q ? { search: caseSearchFor(q) } : {}),
      }),

    /** A citizen's own cases in any status, newest first. */
    listForUser: (userId: number) => cases.listCases({ userId }),

    /** A citizen's cases for "My matters" (issue 32): status, last activity, due date; one query. */
    listMatterFacts: (userId: number) => cases.listMatterFacts(userId),

    async details(id: number): Promise<CaseDetailsResponse> {
      const found = await load(id);
      const [vehicle, history, documentList] = await Promise.all([
        cases.findVehicle(id),
        cases.listHistory(id),
        documents.listForCase(id),
      ]);
      return { caseResolutionDTO: found, vehicleRegistrationDTO: vehicle, statusHistory: history, documents: documentList };
    },

    /**
     * True while the office waits for the citizen's supplement on an open case (issue 32 point 8):
     * "My matters" files it under "waiting for me". Unknown cases are false.
     */
    async isWaitingForCitizen(caseId: number): Promise<boolean> {
      return (await cases.findCase(caseId))?.waitingForCitizen ?? false;
    },

    /** True when the case is the user's own; unknown cases are a 404. */
    async isOwner(caseId: number, user: AuthUser): Promise<boolean> {
      const ownerId = await cases.findOwner(caseId);
      if (ownerId === undefined) throw notFound();
      return ownerId === user.id;
    },

    /**
     * Any of the four statuses, in any order (spec section 4). The change, its history entry and
     * its audit row are one transaction; choosing the status the case already has changes nothing.
     */
    async updateStatus(
      caller: AuthUser,
      id: number,
      status: CaseStatus,
      language: Language = 'en',
      reason: string | null = null,
    ): Promise<CaseResolutionResponse> {
      // KPA art. 36: once the term passed, a decision waits for the delay notice (taking it does not).
      if (status === 'RESOLVED' || status === 'REJECTED') {
        const found = await cases.findCase(id);
        if (found?.deadline === 'overdue') throw conflict(deadlineMessages.noticeRequired);
      }
      await events.transaction(async (trx) => {
        const stored = await cases.changeStatus(id, status, caller.id, reason, trx, engine === 'postgres');
        if (!stored) throw notFound();
        if (!stored.changed) return;
        if (stored.after === 'RESOLVED' || stored.after === 'REJECTED') await answers.insertDecision(id, stored.after, stored.changedAt, caller.id, trx);
        const changedCase = await cases.findCase(id, trx);
        if (!changedCase) throw notFound();
        await events.emit(trx, {
          type: 'case-status-changed',
          at: stored.changedAt,
          actorId: caller.id,
          actorLanguage: language,
          caseId: id,
          ownerId: changedCase.userId,
          caseType: changedCase.caseType,
          vehicleNumberPlate: changedCase.vehicleNumberPlate,
          before: stored.before,
          after: stored.after,
          reason,
          handler: stored.handler,
        });
      });
      return load(id);
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
