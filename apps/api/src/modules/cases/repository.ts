import {
  CASE_DECISION_STATUSES,
  type CaseResolutionResponse,
  type CaseStatus,
  type CaseStatusHistoryEntry,
  type CaseType,
  type VehicleRegistrationDTO,
  type VehicleRegistrationResponse,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import { addTermDays, nextWorkingDayFrom, type Pause, pausedDays } from '../../plugins/legal-clock/terms.js';
import { type CaseSearch, caseQuery, searchCondition, withDocuments } from './case-rows.js';
import { listCaseMatterFacts } from './matter-facts.js';
import { createCasePerformanceRepository } from './performance-repository.js';
import { caseTypeTermMonths } from './terms-repository.js';
import { createCaseDueDates } from './desk/due-dates.js';
import type { CaseMatterFacts } from '../../ports/matters.js';
import { OPEN_CASE_STATUSES } from './due-date.js';

export interface NewCase {
  userId: number;
  caseType: CaseType;
  comments: string | null;
}

export interface CaseFilter {
  status?: CaseStatus;
  userId?: number;
  /** Text the type, applicant, plate, comments or number contain (ignoring case); see `searchCondition`. */
  search?: CaseSearch;
}

/** A status change as it was stored: what it was before, what it is now, and when. */
export interface StatusChange {
  before: CaseStatus;
  after: CaseStatus;
  changedAt: string;
  /** False when the case already had the status: nothing was written. */
  changed: boolean;
  /** Who handled the case before and after the change (issue 33). */
  handler: { before: number | null; after: number | null };
}

/**
 * Issue 33: the clerk who sets a case IN_PROGRESS becomes its handler; back in PENDING it has none
 * (it is in the queue again); a decision keeps the handler who had it.
 */
export function handlerAfterChange(status: CaseStatus, changedBy: number, before: number | null): number | null {
  if (status === 'IN_PROGRESS') return changedBy;
  if (status === 'PENDING') return null;
  return before;
}

/** SQL for cases, their vehicle registration and status history; every method takes an optional transaction. */
export function createCasesRepository(db: Db) {
  const dueDates = createCaseDueDates(db);
  return {
    ...createCasePerformanceRepository(db),
    /** Staff lists' stored sort key (issue 33): filled at start for cases older than migration 0050. */
    fillMissingDueDates: dueDates.fillMissing,

    /** Rewrites the staff lists' sort key from the case's facts now stored (in the change's transaction). */
    refreshDueDate: (caseId: number, executor: Db) => dueDates.store([caseId], executor),

    /**
     * The date a delay notice set follows the case's clock (due-date.ts): an appeal starts a new
     * term, so an older notice's date no longer applies (null); the office's waiting for the
     * citizen after the notice moves it on by the days waited (art. 35 §5), off a day off.
     */
    async moveNotifiedDueDate(caseId: number, change: { clear: true } | { pause: Pause }, executor: Db): Promise<void> {
      const row = await executor.selectFrom('case_resolutions').select('notified_due_date').where('id', '=', caseId).executeTakeFirst();
      const notified = row?.notified_due_date ?? null;
      if (notified === null) return;
      const moved = 'clear' in change ? null : nextWorkingDayFrom(addTermDays(notified, pausedDays([change.pause]) ?? 0));
      if (moved !== notified) await executor.updateTable('case_resolutions').set({ notified_due_date: moved }).where('id', '=', caseId).execute();
    },

    /** The case in PENDING with its first history entry; run it in the transaction that adds the vehicle. */
    async insertCase(newCase: NewCase, executor: Db = db): Promise<number> {
      const now = nowIso();
      const { id } = await executor
        .insertInto('case_resolutions')
        .values({
          user_id: newCase.userId,
          case_type: newCase.caseType,
          status: 'PENDING',
          comments: newCase.comments,
          submission_date: now,
          status_changed_at: now,
          // The type's term as the admin set it at this moment (default one month, KPA art. 35 §3).
          term_months: caseTypeTermMonths(newCase.caseType),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await executor
        .insertInto('case_status_history')
        .values({ case_id: id, status: 'PENDING', changed_by: newCase.userId, changed_at: now })
        .execute();
      await dueDates.store([Number(id)], executor);
      return Number(id);
    },

    async insertVehicle(caseId: number, vehicle: VehicleRegistrationDTO, executor: Db = db): Promise<number> {
      const { id } = await executor
        .insertInto('vehicle_registrations')
        .values({
          case_id: caseId,
          number_plate: vehicle.vehicleNumberPlate,
          make: vehicle.vehicleMake,
          model: vehicle.vehicleModel,
          vehicle_year: vehicle.vehicleYear,
          registration_date: vehicle.registrationDate,
          color: vehicle.vehicleColor,
          vin: vehicle.vehicleVin,
          vehicle_type: vehicle.vehicleType,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async findCase(id: number, executor: Db = db): Promise<CaseResolutionResponse | undefined> {
      const row = await caseQuery(executor).where('c.id', '=', id).executeTakeFirst();
      return row && (await withDocuments([row], executor))[0];
    },

    /** Each existing case's type, number plate (vehicle registrations) and applicant's name (the Audit Log names its records). */
    async namesFor(ids: readonly number[], executor: Db = db) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom('case_resolutions as c')
        .innerJoin('users as applicant', 'applicant.id', 'c.user_id')
        .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
        .select(['c.id', 'c.case_type', 'v.number_plate', 'applicant.first_name', 'applicant.last_name'])
        .where('c.id', 'in', ids)
        .execute();
    },

    /** Only the owner, for access checks. */
    async findOwner(id: number, executor: Db = db): Promise<number | undefined> {
      const row = await executor.selectFrom('case_resolutions').select('user_id').where('id', '=', id).executeTakeFirst();
      return row && Number(row.user_id);
    },

    /** Newest first; `search` narrows the list (staff's search box, issue 19). */
    async listCases(filter: CaseFilter, executor: Db = db): Promise<CaseResolutionResponse[]> {
      let query = caseQuery(executor).orderBy('c.id', 'desc');
      if (filter.status) query = query.where('c.status', '=', filter.status);
      if (filter.userId !== undefined) query = query.where('c.user_id', '=', filter.userId);
      if (filter.search) {
        const search = filter.search;
        query = query.where((eb) => searchCondition(eb, search));
      }
      return withDocuments(await query.execute(), executor);
    },

    /** A citizen's cases as "My matters" lists them (issue 32): one query on (user_id, id), the plate joined. */
    listMatterFacts(userId: number, executor: Db = db): Promise<CaseMatterFacts[]> {
      return listCaseMatterFacts(userId, executor);
    },

    async findVehicle(caseId: number, executor: Db = db): Promise<VehicleRegistrationResponse | null> {
      const row = await executor.selectFrom('vehicle_registrations').selectAll().where('case_id', '=', caseId).executeTakeFirst();
      if (!row) return null;
      return {
        vehicleNumberPlate: row.number_plate,
        vehicleMake: row.make,
        vehicleModel: row.model,
        vehicleYear: Number(row.vehicle_year),
        registrationDate: row.registration_date,
        vehicleColor: row.color,
        vehicleVin: row.vin,
        vehicleType: row.vehicle_type,
      };
    },

    /** Oldest first: the submission, then every change. */
    async listHistory(caseId: number, executor: Db = db): Promise<CaseStatusHistoryEntry[]> {
      const rows = await executor
        .selectFrom('case_status_history')
        .select(['status', 'changed_at', 'reason', 'kind'])
        .where('case_id', '=', caseId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ status: row.status, changedAt: row.changed_at, reason: row.reason, kind: row.kind ?? null }));
    },

    /**
     * Sets the status and records it in the history. The current status is read first with the
     * row locked on PostgreSQL (`for update`; SQLite runs one writer at a time), so `before` is
     * what this change replaced even when two employees update at once. The status the case
     * already has writes nothing. Run inside a transaction.
     */
    async changeStatus(
      caseId: number,
      status: CaseStatus,
      changedBy: number,
      reason: string | null,
      executor: Db,
      lockRow: boolean,
      kind: 'appeal' | null = null,
    ): Promise<StatusChange | undefined> {
      let read = executor.selectFrom('case_resolutions').select(['status', 'status_changed_at', 'handler_id']).where('id', '=', caseId);
      if (lockRow) read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) return undefined;
      const handlerBefore = current.handler_id === null ? null : Number(current.handler_id);
      if (current.status === status) {
        return { before: status, after: status, changedAt: current.status_changed_at, changed: false, handler: { before: handlerBefore, after: handlerBefore } };
      }
      const changedAt = nowIso();
      const handlerAfter = handlerAfterChange(status, changedBy, handlerBefore);
      await executor
        .updateTable('case_resolutions')
        .set({
          status,
          status_changed_at: changedAt,
          handler_id: handlerAfter,
          // Staff's first action and the first decision stay as they were first set (the dashboard's medians).
          first_action_at: sql<string | null>`coalesce(first_action_at, ${changedAt})`,
          decided_at: CASE_DECISION_STATUSES.includes(status) ? sql<string | null>`coalesce(decided_at, ${changedAt})` : sql<string | null>`decided_at`,
        })
        .where('id', '=', caseId)
        .execute();
      await executor
        .insertInto('case_status_history')
        .values({ case_id: caseId, status, changed_by: changedBy, changed_at: changedAt, reason, kind })
        .execute();
      return { before: current.status, after: status, changedAt, changed: true, handler: { before: handlerBefore, after: handlerAfter } };
    },

    /** The citizen's cases still open (PENDING or IN_PROGRESS): what the open-cases quota counts. */
    async countOpen(executor: Db, ownerId: number): Promise<number> {
      const row = await executor
        .selectFrom('case_resolutions')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', ownerId)
        .where('status', 'in', [...OPEN_CASE_STATUSES])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
