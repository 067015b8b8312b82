import type { InternalNoteResponse, Language, StaffCaseListQuery, StaffCaseListResponse, StaffCaseView } from '@portal/contract';
import { notFound } from '../../../plugins/api-error.js';
import type { AuthUser } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import { isPastDue, workingDaysWaited } from '../../../plugins/legal-clock/terms.js';
import { caseSearchFor } from '../case-rows.js';
import type { CasesRepository } from '../repository.js';
import type { CaseDeskRepository } from './repository.js';

export interface CaseDeskServiceDeps {
  cases: Pick<CasesRepository, 'findCase'>;
  desk: CaseDeskRepository;
  /** A note is one event (its audit row is the audit module's subscriber's). */
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  /** The clock of the overdue marks and waiting days (default: the real one). */
  now?: () => Date;
}

/** Staff's case lists and internal notes (issue 33); the access policy lets only staff in. */
export function createCaseDeskService({ cases, desk, events, now = () => new Date() }: CaseDeskServiceDeps) {
  return {
    async listStaffCases(caller: AuthUser, view: StaffCaseView, query: StaffCaseListQuery): Promise<StaffCaseListResponse> {
      const { items, total } = await desk.listStaffCases({
        view,
        staffId: caller.id,
        page: query.page,
        pageSize: query.pageSize,
        ...(query.q ? { search: caseSearchFor(query.q) } : {}),
      });
      const at = now();
      // Overdue: undecided past the term's last day; waiting: working days to today or the decision.
      const marked = items.map((item) => ({
        ...item,
        overdue: item.decidedAt === null && item.dueDate !== null && isPastDue(item.dueDate, at),
        waitingWorkingDays: workingDaysWaited(item.submissionDate, item.decidedAt ?? at),
      }));
      return { items: marked, total, page: query.page, pageSize: query.pageSize };
    },

    async listNotes(caseId: number): Promise<InternalNoteResponse[]> {
      if (!(await cases.findCase(caseId))) throw notFound();
      return desk.notes.list(caseId);
    },

    /** The note and its event in one transaction: stored and audited, or neither. */
    async addNote(caller: AuthUser, caseId: number, body: string, language: Language = 'en'): Promise<InternalNoteResponse> {
      const noteId = await events.transaction(async (trx) => {
        const found = await cases.findCase(caseId, trx);
        if (!found) throw notFound();
        const note = await desk.notes.insert(caseId, caller.id, body, trx);
        await events.emit(trx, {
          type: 'case-note-added',
          at: note.createdAt,
          actorId: caller.id,
          actorLanguage: language,
          caseId,
          ownerId: found.userId,
          caseType: found.caseType,
          vehicleNumberPlate: found.vehicleNumberPlate,
          noteId: note.id,
          body,
        });
        return note.id;
      });
      const stored = (await desk.notes.list(caseId)).find((note) => note.id === noteId);
      if (!stored) throw notFound();
      return stored;
    },
  };
}

export type CaseDeskService = ReturnType<typeof createCaseDeskService>;
