import {
  type ColleagueList,
  type ConversationHandoffsResponse,
  type ConversationResponse,
  type DeskSettings,
  fullName,
  handoffMessages as m,
  type Language,
  letterReference,
  MAX_REOPENINGS,
  reopenWindowEndedMessage,
  type StaleAssignment,
  type TransferConversationRequest,
} from '@portal/contract';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import { addTermDays, endOfDueDate, warsawDateOf } from '../../plugins/legal-clock/terms.js';
import { idleWorkingDays, staleBefore } from '../../plugins/legal-clock/working-days.js';
import type { UsersPort } from '../../ports/users.js';
import type { HandoffsRepository } from './handoffs-repository.js';
import type { LettersRepository } from './repository.js';

export interface ConversationHandoffsDeps {
  letters: Pick<LettersRepository, 'findConversation' | 'findParties'>;
  handoffs: HandoffsRepository;
  users: Pick<UsersPort, 'findUser' | 'listUsers'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  /** The clock of the reopening window and of idle working days (tests pass their own). */
  now?: () => Date;
}

/** The last day a letter resolved at `resolvedDate` may be reopened (Warsaw), `days` days later. */
export const reopenLastDay = (resolvedDate: string, days: number): string => addTermDays(warsawDateOf(resolvedDate), days);

/**
 * Handing a conversation on (issue 33 points 6-7) and a citizen reopening it (issue 32 point 8).
 * Each change is repository calls and one event in one transaction: the history row's reason is
 * what the citizen reads; the audit row, portal entries, emails and live pushes are subscribers'.
 * The letter keeps its arrival time and term: a transfer never restarts the office's clock.
 */
export function createConversationHandoffsService({ letters, handoffs, users, events, now = () => new Date() }: ConversationHandoffsDeps) {
  async function load(id: number): Promise<ConversationResponse> {
    const found = await letters.findConversation(id);
    if (!found) throw notFound();
    return found;
  }

  async function isActiveStaff(id: number): Promise<boolean> {
    const user = await users.findUser(id);
    return user !== undefined && user.enabled && user.role !== 'USER';
  }

  return {
    /** Resource check `conversation-transferrer`: the clerk handling it; 409 while nobody does (admins skip it). */
    async assertTransferrer(conversationId: number, user: AuthUser): Promise<true> {
      const parties = await letters.findParties(conversationId);
      if (!parties) throw notFound();
      if (parties.status !== 'IN_PROGRESS') throw conflict(parties.status === 'RESOLVED' ? m.resolvedNoTransfer : m.notHandled);
      if (parties.employeeId !== user.id) throw forbidden();
      return true;
    },

    async transfer(caller: AuthUser, id: number, body: TransferConversationRequest, language: Language = 'en'): Promise<ConversationResponse> {
      const current = await load(id);
      if (current.status === 'RESOLVED') throw conflict(m.resolvedNoTransfer);
      if (body.department !== undefined && body.department === current.recipient) throw conflict(m.sameDepartment, { department: m.sameDepartment });
      if (body.employeeId !== undefined) {
        if (!(await isActiveStaff(body.employeeId))) throw badRequest(m.notActiveEmployee, { employeeId: m.notActiveEmployee });
        if (body.employeeId === current.employeeId) throw conflict(m.sameHandler, { employeeId: m.sameHandler });
      }
      const from = { status: current.status as 'OPEN' | 'IN_PROGRESS', employeeId: current.employeeId };
      await events.transaction(async (trx) => {
        const toDepartment = body.department ?? current.recipient;
        const toEmployee = body.employeeId ?? null;
        const moved =
          body.department !== undefined
            ? await handoffs.moveToDepartment(id, current.letterId, from, body.department, trx)
            : await handoffs.assign(id, from, body.employeeId ?? caller.id, trx);
        // Someone else took, transferred or resolved it meanwhile: nothing is written.
        if (!moved) throw conflict(m.notHandled);
        const at = await handoffs.insert(
          { conversationId: id, kind: 'transfer', fromDepartment: current.recipient, toDepartment, fromEmployeeId: current.employeeId, toEmployeeId: toEmployee, reason: body.reason, actorId: caller.id },
          trx,
        );
        await events.emit(trx, {
          type: 'conversation-transferred',
          at,
          actorId: caller.id,
          actorLanguage: language,
          conversationId: id,
          letterId: current.letterId,
          ownerId: current.userId,
          subject: current.subject,
          reason: body.reason,
          department: { before: current.recipient, after: toDepartment },
          employee: { before: current.employeeId, after: toEmployee },
          status: { before: current.status, after: toEmployee === null ? 'OPEN' : 'IN_PROGRESS' },
        });
      });
      return load(id);
    },

    /** An admin sends a stale assignment back to the open queue of its department. */
    async release(caller: AuthUser, id: number, reason: string, language: Language = 'en'): Promise<ConversationResponse> {
      const current = await load(id);
      if (current.status !== 'IN_PROGRESS' || current.employeeId === null) throw conflict(m.notHandled);
      const formerEmployeeId = current.employeeId;
      await events.transaction(async (trx) => {
        const released = await handoffs.moveToDepartment(id, current.letterId, { status: 'IN_PROGRESS', employeeId: formerEmployeeId }, current.recipient, trx);
        if (!released) throw conflict(m.notHandled);
        const at = await handoffs.insert(
          { conversationId: id, kind: 'release', fromDepartment: current.recipient, toDepartment: current.recipient, fromEmployeeId: formerEmployeeId, toEmployeeId: null, reason, actorId: caller.id },
          trx,
        );
        await events.emit(trx, {
          type: 'conversation-released',
          at,
          actorId: caller.id,
          actorLanguage: language,
          conversationId: id,
          letterId: current.letterId,
          ownerId: current.userId,
          subject: current.subject,
          reason,
          department: current.recipient,
          formerEmployeeId,
        });
      });
      return load(id);
    },

    /**
     * The citizen reopens a resolved letter within the admin's window, at most MAX_REOPENINGS
     * times: it goes back to the clerk who had it, or to the open queue once that clerk is gone.
     */
    async reopen(caller: AuthUser, id: number, reason: string, language: Language = 'en'): Promise<ConversationResponse> {
      const current = await load(id);
      if (current.status !== 'RESOLVED' || current.resolvedDate === null) throw conflict(m.notResolved);
      const { reopenWindowDays } = await handoffs.settings();
      const lastDay = reopenLastDay(current.resolvedDate, reopenWindowDays);
      if (now().getTime() >= Date.parse(endOfDueDate(lastDay))) throw conflict(reopenWindowEndedMessage(lastDay, language));
      const clerk = current.employeeId !== null && (await isActiveStaff(current.employeeId)) ? current.employeeId : null;
      await events.transaction(async (trx) => {
        const count = await handoffs.countReopenings(id, trx);
        if (count >= MAX_REOPENINGS) throw conflict(m.tooManyReopenings);
        if (!(await handoffs.reopen(id, clerk, trx))) throw conflict(m.notResolved);
        const at = await handoffs.insert(
          { conversationId: id, kind: 'reopen', fromDepartment: current.recipient, toDepartment: current.recipient, fromEmployeeId: current.employeeId, toEmployeeId: clerk, reason, actorId: caller.id },
          trx,
        );
        await events.emit(trx, {
          type: 'conversation-reopened-by-citizen',
          at,
          actorId: caller.id,
          actorLanguage: language,
          conversationId: id,
          letterId: current.letterId,
          ownerId: current.userId,
          subject: current.subject,
          reason,
          employeeId: clerk,
          status: clerk === null ? 'OPEN' : 'IN_PROGRESS',
          reopening: count + 1,
        });
      });
      return load(id);
    },

    /** The history its citizen and staff read, and whether the citizen may reopen it now. */
    async history(id: number): Promise<ConversationHandoffsResponse> {
      const current = await load(id);
      const [items, settings] = await Promise.all([handoffs.list(id), handoffs.settings()]);
      const remaining = Math.max(0, MAX_REOPENINGS - items.filter((item) => item.kind === 'reopen').length);
      const until = current.status === 'RESOLVED' && current.resolvedDate !== null ? reopenLastDay(current.resolvedDate, settings.reopenWindowDays) : null;
      const allowed = until !== null && remaining > 0 && now().getTime() < Date.parse(endOfDueDate(until));
      return { items, reopen: { until, remaining, allowed } };
    },

    /** Letters in progress whose clerk did nothing for the admin's number of working days, longest idle first. */
    async listStale(): Promise<StaleAssignment[]> {
      const clock = now();
      const { staleWorkingDays } = await handoffs.settings();
      const rows = await handoffs.listStale(staleBefore(clock, staleWorkingDays));
      return rows.map((row) => ({
        kind: 'letter',
        id: row.id,
        reference: letterReference(row.letterId),
        subject: row.subject,
        caseType: null,
        handlerId: row.employeeId,
        handlerName: row.handlerName,
        lastActionAt: row.lastActionAt,
        idleWorkingDays: idleWorkingDays(row.lastActionAt, clock),
      }));
    },

    settings: (): Promise<DeskSettings> => handoffs.settings(),

    async saveSettings(caller: AuthUser, settings: DeskSettings, language: Language = 'en'): Promise<DeskSettings> {
      await events.transaction(async (trx) => {
        const before = await handoffs.settings(trx);
        if (before.staleWorkingDays === settings.staleWorkingDays && before.reopenWindowDays === settings.reopenWindowDays) return;
        await handoffs.saveSettings(settings, trx);
        await events.emit(trx, { type: 'desk-settings-changed', at: new Date().toISOString(), actorId: caller.id, actorLanguage: language, before, after: settings });
      });
      return handoffs.settings();
    },

    /** Active staff a letter may be handed to, by name (no contact details). */
    async colleagues(): Promise<ColleagueList> {
      const [employees, admins] = await Promise.all([users.listUsers({ role: 'EMPLOYEE' }), users.listUsers({ role: 'ADMIN' })]);
      return [...employees, ...admins]
        .filter((user) => user.enabled)
        .map((user) => ({ id: user.id, name: fullName({ firstName: user.firstName, lastName: user.lastName }), role: user.role as 'EMPLOYEE' | 'ADMIN' }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

export type ConversationHandoffsService = ReturnType<typeof createConversationHandoffsService>;
