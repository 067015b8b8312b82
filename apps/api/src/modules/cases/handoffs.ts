import {
  caseReference,
  type CaseResolutionResponse,
  fullName,
  handoffMessages as m,
  type Language,
  type StaleAssignment,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { type Engine, nowIso } from '../../db/portable.js';
import { badRequest, conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import { idleWorkingDays, staleBefore } from '../../plugins/legal-clock/working-days.js';
import type { UsersPort } from '../../ports/users.js';
import type { CasesRepository } from './repository.js';

export interface CaseHandoffsDeps {
  db: Db;
  engine: Engine;
  cases: Pick<CasesRepository, 'findCase' | 'changeStatus'>;
  users: Pick<UsersPort, 'findUser'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  now?: () => Date;
}

/**
 * An admin hands a case in progress to another employee, or releases a stale one back to the
 * pending list (issue 33 points 6-7): one event each, with a history row (`case_handoffs`) and,
 * for a release, the status history's PENDING row with the reason. The term does not restart.
 */
export function createCaseHandoffsService({ db, engine, cases, users, events, now = () => new Date() }: CaseHandoffsDeps) {
  async function load(id: number): Promise<CaseResolutionResponse> {
    const found = await cases.findCase(id);
    if (!found) throw notFound();
    return found;
  }
  async function handlerOf(id: number, executor: Db): Promise<number | null> {
    const row = await executor.selectFrom('case_resolutions').select(['handler_id', 'status']).where('id', '=', id).executeTakeFirst();
    return row && row.status === 'IN_PROGRESS' && row.handler_id !== null ? Number(row.handler_id) : null;
  }
  const record = (executor: Db, row: { caseId: number; kind: 'reassign' | 'release'; from: number; to: number | null; reason: string; actorId: number; at: string }) =>
    executor
      .insertInto('case_handoffs')
      .values({ case_id: row.caseId, kind: row.kind, from_handler_id: row.from, to_handler_id: row.to, reason: row.reason, actor_id: row.actorId, at: row.at })
      .execute();

  return {
    async reassign(caller: AuthUser, id: number, employeeId: number, reason: string, language: Language = 'en'): Promise<CaseResolutionResponse> {
      const current = await load(id);
      const assignee = await users.findUser(employeeId);
      if (!assignee || !assignee.enabled || assignee.role === 'USER') throw badRequest(m.notActiveEmployee, { employeeId: m.notActiveEmployee });
      await events.transaction(async (trx) => {
        const before = await handlerOf(id, trx);
        if (before === null) throw conflict(m.notHandled);
        if (before === employeeId) throw conflict(m.sameHandler, { employeeId: m.sameHandler });
        const at = nowIso();
        const updated = await trx
          .updateTable('case_resolutions')
          .set({ handler_id: employeeId })
          .where('id', '=', id)
          .where('status', '=', 'IN_PROGRESS')
          .where('handler_id', '=', before)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw conflict(m.notHandled);
        await record(trx, { caseId: id, kind: 'reassign', from: before, to: employeeId, reason, actorId: caller.id, at });
        await events.emit(trx, {
          type: 'case-reassigned',
          at,
          actorId: caller.id,
          actorLanguage: language,
          caseId: id,
          ownerId: current.userId,
          caseType: current.caseType,
          vehicleNumberPlate: current.vehicleNumberPlate,
          reason,
          handler: { before, after: employeeId },
        });
      });
      return load(id);
    },

    async release(caller: AuthUser, id: number, reason: string, language: Language = 'en'): Promise<CaseResolutionResponse> {
      const current = await load(id);
      await events.transaction(async (trx) => {
        const before = await handlerOf(id, trx);
        if (before === null) throw conflict(m.notHandled);
        const change = await cases.changeStatus(id, 'PENDING', caller.id, reason, trx, engine === 'postgres');
        if (!change?.changed || change.before !== 'IN_PROGRESS') throw conflict(m.notHandled);
        await record(trx, { caseId: id, kind: 'release', from: before, to: null, reason, actorId: caller.id, at: change.changedAt });
        await events.emit(trx, {
          type: 'case-released',
          at: change.changedAt,
          actorId: caller.id,
          actorLanguage: language,
          caseId: id,
          ownerId: current.userId,
          caseType: current.caseType,
          vehicleNumberPlate: current.vehicleNumberPlate,
          reason,
          formerHandlerId: before,
          before: change.before,
          after: change.after,
        });
      });
      return load(id);
    },

    /** Cases in progress with no staff status change, note or hand-on for `workingDays` working days (the admin's setting, the letters module's). */
    async listStale(workingDays: number): Promise<StaleAssignment[]> {
      const clock = now();
      const before = staleBefore(clock, workingDays);
      const rows = await db
        .selectFrom('case_resolutions as c')
        .innerJoin('users as h', 'h.id', 'c.handler_id')
        .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
        .select((eb) => [
          'c.id',
          'c.case_type',
          'c.handler_id',
          'c.status_changed_at',
          'h.first_name',
          'h.last_name',
          'v.number_plate',
          eb.selectFrom('case_notes as n').select((inner) => inner.fn.max('n.created_at').as('at')).whereRef('n.case_id', '=', 'c.id').as('last_note_at'),
          eb.selectFrom('case_handoffs as x').select((inner) => inner.fn.max('x.at').as('at')).whereRef('x.case_id', '=', 'c.id').as('last_handoff_at'),
        ])
        .where('c.status', '=', 'IN_PROGRESS')
        .where('c.status_changed_at', '<', before)
        .orderBy('c.status_changed_at')
        .execute();
      return rows.flatMap((row) => {
        const times = [row.status_changed_at, row.last_note_at, row.last_handoff_at].filter((at): at is string => typeof at === 'string');
        const lastActionAt = times.reduce((latest, at) => (at > latest ? at : latest), '');
        if (lastActionAt >= before || row.handler_id === null) return [];
        return [
          {
            kind: 'case' as const,
            id: Number(row.id),
            reference: caseReference(Number(row.id)),
            subject: row.number_plate ?? '',
            caseType: row.case_type,
            handlerId: Number(row.handler_id),
            handlerName: fullName({ firstName: row.first_name, lastName: row.last_name }),
            lastActionAt,
            idleWorkingDays: idleWorkingDays(lastActionAt, clock),
          },
        ];
      });
    },
  };
}

export type CaseHandoffsService = ReturnType<typeof createCaseHandoffsService>;
