import {
  CASE_TYPES,
  caseTypeLabels,
  type CaseType,
  type CaseDetailsResponse,
  type CaseResolutionResponse,
  type CaseStatus,
  type CaseStatusEvent,
  caseApiMessages as m,
  type CreateCaseRequest,
  type Role,
} from '@portal/contract';
import type { CitizenQuotasService } from '../../citizen-quotas.js';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/portable.js';
import { badRequest, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditRecord } from '../audit/service.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ReceiptLanguage, ReceiptsService } from '../receipts/index.js';
import type { DocumentsRepository } from './documents/repository.js';
import type { CasesRepository } from './repository.js';

/** Hands a case's status change to the live connections of its citizen (and of staff). */
export type PublishCaseEvent = (event: CaseStatusEvent, ownerId: number) => void;

/** The audit trail's `record`: called last in the transaction of the change it records. */
export type RecordAudit = (trx: Db, entry: AuditRecord) => Promise<unknown>;

export interface CasesServiceDeps {
  db: Db;
  engine: Engine;
  cases: CasesRepository;
  documents: DocumentsRepository;
  /** The role of a user, undefined when there is none (an admin may open a case for someone else). */
  findRole: (id: number) => Promise<Role | undefined>;
  quotas: Pick<CitizenQuotasService, 'assertOpenCaseRoom'>;
  publish: PublishCaseEvent;
  recordAudit: RecordAudit;
  /** Signed receipts of a submission and of each status change, issued in its transaction (issue 20). */
  receipts?: Pick<ReceiptsService, 'issue'>;
  /** Queues the citizen's email in the transaction of the change (notifications.enqueue). */
  notify: NotificationsService['enqueue'];
}

const isStaff = (user: AuthUser) => user.role !== 'USER';

/** The case types whose English or Polish name contains the search text. */
const typesNamed = (text: string): CaseType[] => {
  const needle = text.toLocaleLowerCase();
  return CASE_TYPES.filter((type) =>
    Object.values(caseTypeLabels).some((labels) => labels[type].toLocaleLowerCase().includes(needle)),
  );
};

/**
 * The case rules of spec sections 4 and 5, enforced here whatever the client does. Roles and
 * "the userId in the body is the caller's" are checked earlier by the access policy.
 */
export function createCasesService({ db, engine, cases, documents, findRole, quotas, publish, recordAudit, receipts, notify }: CasesServiceDeps) {
  async function load(id: number): Promise<CaseResolutionResponse> {
    const found = await cases.findCase(id);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** The case and its vehicle registration in one transaction: both are stored or neither. */
    async createCase(caller: AuthUser, request: CreateCaseRequest, language: ReceiptLanguage = 'en'): Promise<CaseResolutionResponse> {
      const ownerId = request.caseResolutionDTO.userId ?? caller.id;
      // Cases are citizens' affairs: staff open them only on a citizen's behalf.
      const ownerRole = ownerId === caller.id ? caller.role : await findRole(ownerId);
      if (ownerRole === undefined) throw badRequest(m.unknownUser, { 'caseResolutionDTO.userId': m.unknownUser });
      if (ownerRole !== 'USER') throw badRequest(m.ownerNotCitizen, { 'caseResolutionDTO.userId': m.ownerNotCitizen });
      const id = await db.transaction().execute(async (trx) => {
        await quotas.assertOpenCaseRoom(trx, caller, ownerId);
        const caseId = await cases.insertCase(
          { userId: ownerId, caseType: request.caseResolutionDTO.caseType, comments: request.caseResolutionDTO.comments },
          trx,
        );
        if (request.vehicleRegistrationDTO) await cases.insertVehicle(caseId, request.vehicleRegistrationDTO, trx);
        if (receipts) {
          const created = await cases.findCase(caseId, trx);
          const { caseType, comments } = request.caseResolutionDTO;
          const event = { kind: 'case-submitted', caseId, ownerId, at: created?.submissionDate ?? new Date().toISOString() } as const;
          await receipts.issue(trx, { ...event, caseType, comments, vehicle: request.vehicleRegistrationDTO ?? null }, { actorId: caller.id, language });
        }
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
        ...(q ? { search: { text: q, matchingTypes: typesNamed(q) } } : {}),
      }),

    /** A citizen's own cases in any status, newest first. */
    listForUser: (userId: number) => cases.listCases({ userId }),

    async details(id: number): Promise<CaseDetailsResponse> {
      const found = await load(id);
      const [vehicle, history, documentList] = await Promise.all([
        cases.findVehicle(id),
        cases.listHistory(id),
        documents.listForCase(id),
      ]);
      return { caseResolutionDTO: found, vehicleRegistrationDTO: vehicle, statusHistory: history, documents: documentList };
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
      language: ReceiptLanguage = 'en',
      reason: string | null = null,
    ): Promise<CaseResolutionResponse> {
      const change = await db.transaction().execute(async (trx) => {
        const stored = await cases.changeStatus(id, status, caller.id, reason, trx, engine === 'postgres');
        if (!stored) throw notFound();
        if (!stored.changed) return stored;
        const changedCase = await cases.findCase(id, trx);
        if (changedCase) {
          if (receipts) {
            const event = { kind: 'case-status-changed', caseId: id, ownerId: changedCase.userId, clerkId: caller.id, at: stored.changedAt } as const;
            await receipts.issue(trx, { ...event, caseType: changedCase.caseType, before: stored.before, after: stored.after }, { actorId: caller.id, language });
          }
          await notify(trx, changedCase.userId, {
            kind: 'case-status',
            caseId: id,
            status: stored.after,
            reason,
            caseType: changedCase.caseType,
            vehicleNumberPlate: changedCase.vehicleNumberPlate,
          });
        }
        await recordAudit(trx, {
          actorId: caller.id,
          action: 'case.status.update',
          entityType: 'case',
          entityId: id,
          before: { status: stored.before },
          after: reason === null ? { status: stored.after } : { status: stored.after, reason },
        });
        return stored;
      });
      const updated = await load(id);
      if (change.changed) {
        publish({ type: 'case-status', caseId: id, status: updated.status, changedAt: change.changedAt }, updated.userId);
      }
      return updated;
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
