import type {
  CaseResolutionResponse,
  CaseStatus,
  CaseStatusHistoryEntry,
  CaseType,
  VehicleRegistrationDTO,
  VehicleRegistrationResponse,
} from '@portal/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsIgnoringCase as contains, nowIso } from '../../db/portable.js';

export interface NewCase {
  userId: number;
  caseType: CaseType;
  comments: string | null;
}

export interface CaseFilter {
  status?: CaseStatus;
  userId?: number;
  /** Text the type, applicant, plate, comments or number contain (ignoring case); see `searchCondition`. */
  search?: { text: string; matchingTypes: readonly CaseType[] };
}

/** A status change as it was stored: what it was before, what it is now, and when. */
export interface StatusChange {
  before: CaseStatus;
  after: CaseStatus;
  changedAt: string;
  /** False when the case already had the status: nothing was written. */
  changed: boolean;
}

/** SQL for cases, their vehicle registration and status history; every method takes an optional transaction. */
export function createCasesRepository(db: Db) {
  const caseQuery = (executor: Db) =>
    executor
      .selectFrom('case_resolutions as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
      .select([
        'c.id',
        'c.user_id',
        'c.case_type',
        'c.status',
        'c.comments',
        'c.submission_date',
        'c.status_changed_at',
        'v.id as vehicle_id',
        'v.number_plate',
        'u.first_name',
        'u.last_name',
        'u.username',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof caseQuery>['executeTakeFirstOrThrow']>>;

  /** Each case with the UUIDs of its complete documents, oldest first, in one extra query. */
  async function withDocuments(rows: Row[], executor: Db): Promise<CaseResolutionResponse[]> {
    const ids = rows.map((row) => Number(row.id));
    const uuids = new Map<number, string[]>();
    if (ids.length > 0) {
      const documents = await executor
        .selectFrom('documents')
        .select(['case_id', 'uuid'])
        .where('case_id', 'in', ids)
        .where('complete', '=', 1)
        .orderBy('id')
        .execute();
      for (const { case_id: caseId, uuid } of documents) {
        const list = uuids.get(Number(caseId)) ?? [];
        list.push(uuid);
        uuids.set(Number(caseId), list);
      }
    }
    return rows.map((row) => ({
      id: Number(row.id),
      caseType: row.case_type,
      userId: Number(row.user_id),
      case_content_id: row.vehicle_id === null ? null : Number(row.vehicle_id),
      comments: row.comments,
      additionalDocuments: uuids.get(Number(row.id)) ?? [],
      status: row.status,
      submissionDate: row.submission_date,
      statusChangedAt: row.status_changed_at,
      vehicleNumberPlate: row.number_plate,
      applicant: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    }));
  }

  return {
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await executor
        .insertInto('case_status_history')
        .values({ case_id: id, status: 'PENDING', changed_by: newCase.userId, changed_at: now })
        .execute();
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
        const { text, matchingTypes } = filter.search;
        const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
        query = query.where((eb) => {
          const any: Expression<SqlBool>[] = [
            // "Anna Nowak" finds Anna Nowak; "nowak" too.
            contains(sql<string>`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`, text),
            contains(sql.ref('u.username'), text),
            contains(sql.ref('v.number_plate'), text),
            contains(sql.ref('c.comments'), text),
          ];
          if (matchingTypes.length > 0) any.push(eb('c.case_type', 'in', [...matchingTypes]));
          if (number !== undefined) any.push(eb('c.id', '=', number));
          return eb.or(any);
        });
      }
      return withDocuments(await query.execute(), executor);
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
        .select(['status', 'changed_at', 'reason'])
        .where('case_id', '=', caseId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ status: row.status, changedAt: row.changed_at, reason: row.reason }));
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
    ): Promise<StatusChange | undefined> {
      let read = executor.selectFrom('case_resolutions').select(['status', 'status_changed_at']).where('id', '=', caseId);
      if (lockRow) read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) return undefined;
      if (current.status === status) return { before: status, after: status, changedAt: current.status_changed_at, changed: false };
      const changedAt = nowIso();
      await executor.updateTable('case_resolutions').set({ status, status_changed_at: changedAt }).where('id', '=', caseId).execute();
      await executor
        .insertInto('case_status_history')
        .values({ case_id: caseId, status, changed_by: changedBy, changed_at: changedAt, reason })
        .execute();
      return { before: current.status, after: status, changedAt, changed: true };
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
