import type { CaseStatus, StaffCaseListItem, StaffCaseView } from '@portal/contract';
import type { Db } from '../../../db/database.js';
import { createNotesRepository } from '../../../db/internal-notes.js';
import { type CaseSearch, caseQuery, searchCondition, withDocuments } from '../case-rows.js';
import { OPEN_CASE_STATUSES } from '../due-date.js';

export interface StaffCaseFilter {
  view: StaffCaseView;
  /** The caller, whose cases "Mine" lists. */
  staffId: number;
  search?: CaseSearch;
  page: number;
  pageSize: number;
}

const DECIDED: readonly CaseStatus[] = ['RESOLVED', 'REJECTED'];

/**
 * The order of a staff list (issue 33, point 1): the open views by the date the answer is due, the
 * earliest first, so overdue cases lead (the stored `due_date`, migration 0050, indexed with the
 * status and with the handler); "Decided" the newest decision first.
 */
function ordered<Q extends { orderBy: (ref: 'c.due_date' | 'c.status_changed_at' | 'c.id', direction: 'asc' | 'desc') => Q }>(
  query: Q,
  view: StaffCaseView,
): Q {
  if (view === 'decided') return query.orderBy('c.status_changed_at', 'desc').orderBy('c.id', 'desc');
  return query.orderBy('c.due_date', 'asc').orderBy('c.id', 'asc');
}

/** SQL of the desk's case lists and case notes (issue 33); the cases module's own tables only. */
export function createCaseDeskRepository(db: Db) {
  const notes = createNotesRepository(db, 'case_notes');

  function filtered(filter: StaffCaseFilter, executor: Db) {
    let query = caseQuery(executor);
    if (filter.view === 'decided') query = query.where('c.status', 'in', [...DECIDED]);
    else if (filter.view === 'appeals' || filter.view === 'waiting') query = query.where('c.status', 'in', [...OPEN_CASE_STATUSES]);
    else query = query.where('c.status', '=', 'IN_PROGRESS');
    // Issue 32 point 8: open cases whose latest decision the citizen appealed; open cases waiting for the citizen.
    if (filter.view === 'appeals') {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('case_appeals as a')
            .select('a.id')
            .whereRef('a.case_id', '=', 'c.id')
            .where(({ eb, selectFrom: inner }) =>
              eb('a.decision_id', '=', inner('case_decisions as d').select((d) => d.fn.max('d.id').as('latest')).whereRef('d.case_id', '=', 'c.id')),
            ),
        ),
      );
    }
    if (filter.view === 'waiting') {
      query = query.where(({ exists, selectFrom }) =>
        exists(selectFrom('case_supplements as s').select('s.id').whereRef('s.case_id', '=', 'c.id').where('s.answered_at', 'is', null)),
      );
    }
    if (filter.view === 'mine') query = query.where('c.handler_id', '=', filter.staffId);
    if (filter.search) {
      const search = filter.search;
      query = query.where((eb) => searchCondition(eb, search));
    }
    return query;
  }

  return {
    notes,

    /** One page of a view and the view's total (after the search). */
    async listStaffCases(filter: StaffCaseFilter, executor: Db = db): Promise<{ items: Omit<StaffCaseListItem, 'overdue' | 'waitingWorkingDays'>[]; total: number }> {
      const rows = await ordered(filtered(filter, executor), filter.view)
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize)
        .execute();
      const counted = await filtered(filter, executor)
        .clearSelect()
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      const cases = await withDocuments(rows, executor);
      const items = cases.map((found, index) => {
        const row = rows[index]!;
        return {
          ...found,
          handler:
            row.handler_id === null
              ? null
              : { id: Number(row.handler_id), firstName: row.handler_first_name ?? '', lastName: row.handler_last_name ?? '' },
          decidedAt: DECIDED.includes(found.status) ? found.statusChangedAt : null,
        };
      });
      return { items, total: Number(counted.count) };
    },
  };
}

export type CaseDeskRepository = ReturnType<typeof createCaseDeskRepository>;
