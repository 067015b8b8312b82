import {
  type ConversationHandoff,
  DEFAULT_REOPEN_WINDOW_DAYS,
  DEFAULT_STALE_WORKING_DAYS,
  type Department,
  type DeskSettings,
  fullName,
  type HandoffKind,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';

/** One step of a conversation's hand-on history as stored. */
export interface NewHandoff {
  conversationId: number;
  kind: HandoffKind;
  fromDepartment: Department;
  toDepartment: Department;
  fromEmployeeId: number | null;
  toEmployeeId: number | null;
  reason: string;
  actorId: number;
}

/** A taken conversation with no staff action since `before`: what the admins' stale list shows. */
export interface StaleConversationRow {
  id: number;
  letterId: number;
  subject: string;
  employeeId: number;
  handlerName: string;
  lastActionAt: string;
}

/**
 * SQL for handing conversations on (issue 33) and reopening them (issue 32): the history rows, the
 * state changes (each a single conditional statement, so a race has one winner) and the admin's
 * settings. Every method takes the caller's transaction.
 */
export function createHandoffsRepository(db: Db) {
  return {
    async insert(step: NewHandoff, executor: Db): Promise<string> {
      const at = nowIso();
      await executor
        .insertInto('conversation_handoffs')
        .values({
          conversation_id: step.conversationId,
          kind: step.kind,
          from_department: step.fromDepartment,
          to_department: step.toDepartment,
          from_employee_id: step.fromEmployeeId,
          to_employee_id: step.toEmployeeId,
          reason: step.reason,
          actor_id: step.actorId,
          at,
        })
        .execute();
      return at;
    },

    async list(conversationId: number, executor: Db = db): Promise<ConversationHandoff[]> {
      const rows = await executor
        .selectFrom('conversation_handoffs as h')
        .leftJoin('users as before', 'before.id', 'h.from_employee_id')
        .leftJoin('users as after', 'after.id', 'h.to_employee_id')
        .select([
          'h.kind',
          'h.at',
          'h.from_department',
          'h.to_department',
          'h.reason',
          'before.first_name as from_first',
          'before.last_name as from_last',
          'after.first_name as to_first',
          'after.last_name as to_last',
        ])
        .where('h.conversation_id', '=', conversationId)
        .orderBy('h.id')
        .execute();
      const name = (first: string | null, last: string | null) => (first === null || last === null ? null : fullName({ firstName: first, lastName: last }));
      return rows.map((row) => ({
        kind: row.kind,
        at: row.at,
        fromDepartment: row.from_department,
        toDepartment: row.to_department,
        fromEmployeeName: name(row.from_first, row.from_last),
        toEmployeeName: name(row.to_first, row.to_last),
        reason: row.reason,
      }));
    },

    async countReopenings(conversationId: number, executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('conversation_handoffs')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('conversation_id', '=', conversationId)
        .where('kind', '=', 'reopen')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The letter goes to `department`; its conversation waits in the open queue there. False when it changed meanwhile. */
    async moveToDepartment(conversationId: number, letterId: number, from: { status: 'OPEN' | 'IN_PROGRESS'; employeeId: number | null }, department: Department, executor: Db): Promise<boolean> {
      let update = executor
        .updateTable('conversations')
        .set({ status: 'OPEN', employee_id: null, taken_at: null })
        .where('id', '=', conversationId)
        .where('status', '=', from.status);
      update = from.employeeId === null ? update.where('employee_id', 'is', null) : update.where('employee_id', '=', from.employeeId);
      if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      await executor.updateTable('letters').set({ recipient: department }).where('id', '=', letterId).execute();
      return true;
    },

    /** `employeeId` handles it from now (IN_PROGRESS); its time taken is now, the last staff action. */
    async assign(conversationId: number, from: { status: 'OPEN' | 'IN_PROGRESS'; employeeId: number | null }, employeeId: number, executor: Db): Promise<boolean> {
      let update = executor
        .updateTable('conversations')
        .set({ status: 'IN_PROGRESS', employee_id: employeeId, taken_at: nowIso() })
        .where('id', '=', conversationId)
        .where('status', '=', from.status);
      update = from.employeeId === null ? update.where('employee_id', 'is', null) : update.where('employee_id', '=', from.employeeId);
      return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
    },

    /** RESOLVED -> IN_PROGRESS with its clerk, or OPEN without one; false when it was not resolved (any more). */
    async reopen(conversationId: number, employeeId: number | null, executor: Db): Promise<boolean> {
      const result = await executor
        .updateTable('conversations')
        .set({ status: employeeId === null ? 'OPEN' : 'IN_PROGRESS', employee_id: employeeId, resolved_date: null, ...(employeeId === null ? { taken_at: null } : { taken_at: nowIso() }) })
        .where('id', '=', conversationId)
        .where('status', '=', 'RESOLVED')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Conversations in progress whose handler did nothing since `before`: taken before it, and no
     * message of the handler, no note and no hand-on step at or after it.
     */
    async listStale(before: string, executor: Db = db): Promise<StaleConversationRow[]> {
      const rows = await executor
        .selectFrom('conversations as c')
        .innerJoin('letters as l', 'l.id', 'c.letter_id')
        .innerJoin('users as handler', 'handler.id', 'c.employee_id')
        .select((eb) => [
          'c.id',
          'c.letter_id',
          'l.subject',
          'c.employee_id',
          'c.taken_at',
          'handler.first_name',
          'handler.last_name',
          eb
            .selectFrom('messages as m')
            .select((inner) => inner.fn.max('m.sent_at').as('at'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .whereRef('m.sender_id', '=', 'c.employee_id')
            .as('last_message_at'),
          eb.selectFrom('conversation_notes as n').select((inner) => inner.fn.max('n.created_at').as('at')).whereRef('n.conversation_id', '=', 'c.id').as('last_note_at'),
          eb.selectFrom('conversation_handoffs as h').select((inner) => inner.fn.max('h.at').as('at')).whereRef('h.conversation_id', '=', 'c.id').as('last_handoff_at'),
        ])
        .where('c.status', '=', 'IN_PROGRESS')
        .where('c.taken_at', '<', before)
        .orderBy('c.taken_at')
        .execute();
      return rows.flatMap((row) => {
        const times = [row.taken_at, row.last_message_at, row.last_note_at, row.last_handoff_at].filter((at): at is string => typeof at === 'string');
        const lastActionAt = times.reduce((latest, at) => (at > latest ? at : latest), '');
        if (lastActionAt >= before || row.employee_id === null) return [];
        return [
          {
            id: Number(row.id),
            letterId: Number(row.letter_id),
            subject: row.subject,
            employeeId: Number(row.employee_id),
            handlerName: fullName({ firstName: row.first_name, lastName: row.last_name }),
            lastActionAt,
          },
        ];
      });
    },

    async settings(executor: Db = db): Promise<DeskSettings> {
      const rows = await executor.selectFrom('desk_settings').select(['name', 'value']).execute();
      const set = new Map(rows.map((row) => [row.name, Number(row.value)]));
      return {
        staleWorkingDays: set.get('stale_working_days') ?? DEFAULT_STALE_WORKING_DAYS,
        reopenWindowDays: set.get('reopen_window_days') ?? DEFAULT_REOPEN_WINDOW_DAYS,
      };
    },

    async saveSettings(settings: DeskSettings, executor: Db): Promise<void> {
      const rows = [
        { name: 'stale_working_days' as const, value: settings.staleWorkingDays },
        { name: 'reopen_window_days' as const, value: settings.reopenWindowDays },
      ];
      for (const row of rows) {
        await executor
          .insertInto('desk_settings')
          .values(row)
          .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: row.value }))
          .execute();
      }
    },
  };
}

export type HandoffsRepository = ReturnType<typeof createHandoffsRepository>;
