import {
  caseName,
  caseReference,
  letterReference,
  type MatterFacts,
  type MatterListItem,
  type MatterListQuery,
  type MatterListResponse,
  type MatterState,
  matterNextStepOf,
  matterStateOf,
  MATTER_KINDS,
  obligationReference,
} from '@portal/contract';
import type { AuthUser } from '../../plugins/auth/index.js';
import { isPastDue } from '../../plugins/legal-clock/terms.js';
import type { CasesPort, LettersPort, ObligationsPort, TimelinePort } from '../../ports/matters.js';

/** Where "My matters" asks for each kind: the module that owns it, through its service. */
export interface MatterSources {
  letters: Pick<LettersPort, 'listMatterFacts'>;
  cases: Pick<CasesPort, 'listMatterFacts'>;
  obligations: Pick<ObligationsPort, 'listMatterFacts'>;
  timeline: TimelinePort;
  /** The clock that decides what is overdue (tests inject one). */
  now?: () => Date;
}

/** A matter with the text its search reads: its reference and its subject or name in both languages. */
interface Listed {
  item: MatterListItem;
  searchable: string[];
  /** Where the timeline files it (a letter by its letter's id, not its conversation's); none for obligations. */
  timelineKey?: string;
}

/** "L-4", "l 4", "C4", "FO 4" or a bare "4" once spaces and dashes are gone: the kind's letters (if any) and the number. */
const REFERENCE = /^(l|c|fo)?(\d{1,9})$/i;
const PREFIX_OF = { letter: 'l', case: 'c', obligation: 'fo' } as const;

function matches(listed: Listed, search: string): boolean {
  const reference = REFERENCE.exec(search.replace(/[\s-]/g, ''));
  if (reference) {
    const prefix = reference[1]?.toLowerCase();
    const number = Number(reference[2]);
    const own = Number(listed.item.reference.split(/[\s-]/).pop());
    if (own === number && (prefix === undefined || prefix === PREFIX_OF[listed.item.kind])) return true;
  }
  const needle = search.toLocaleLowerCase();
  return listed.searchable.some((text) => text.toLocaleLowerCase().includes(needle));
}

/** Newest activity first; at the same moment, a steady order (kind, then the newer id). */
function byActivity(a: Listed, b: Listed): number {
  if (a.item.lastActivityAt !== b.item.lastActivityAt) return a.item.lastActivityAt < b.item.lastActivityAt ? 1 : -1;
  if (a.item.kind !== b.item.kind) return MATTER_KINDS.indexOf(a.item.kind) - MATTER_KINDS.indexOf(b.item.kind);
  return b.item.id - a.item.id;
}

/**
 * The day the office owes its answer on a letter or a case, only while it still owes one: once
 * answered, "Office answers by" a past date read as if the office were still to answer.
 */
const owedUntil = (state: MatterState, dueDate: string | null): string | null => (state === 'closed' ? null : dueDate);

/**
 * A letter's or case's last activity moved up to the newest timeline entry its citizen may read:
 * its module's own columns know nothing of a delay notice, an answer to a prompt or a rating.
 */
function withTimeline(listed: Listed, newest: ReadonlyMap<string, string>): Listed {
  const heard = listed.timelineKey === undefined ? undefined : newest.get(listed.timelineKey);
  return heard !== undefined && heard > listed.item.lastActivityAt ? { ...listed, item: { ...listed.item, lastActivityAt: heard } } : listed;
}

/**
 * "My matters" (issue 32 point 1): the caller's letters, cases and obligations on one list. This
 * module has no table: each kind comes from its module in one indexed query (a kind the filter
 * leaves out is not asked for), and the merge, the states, the search and the page are computed
 * here. A citizen's matters are a few hundred at most, so the page is cut from the merged list.
 */
export function createMattersService({ letters, cases, obligations, timeline, now = () => new Date() }: MatterSources) {
  async function lettersOf(userId: number, at: Date): Promise<Listed[]> {
    return (await letters.listMatterFacts(userId)).map((letter) => {
      const facts: MatterFacts = { kind: 'letter', status: letter.status, lastWordFromOffice: letter.lastWordFromOffice };
      const state = matterStateOf(facts);
      const overdue = state === 'waiting-for-office' && letter.dueDate !== null && isPastDue(letter.dueDate, at);
      const reference = letterReference(letter.letterId);
      return {
        item: {
          kind: 'letter',
          id: letter.conversationId,
          reference,
          subject: letter.subject,
          caseType: null,
          vehicleNumberPlate: null,
          amount: null,
          status: letter.status,
          state,
          lastActivityAt: letter.lastActivityAt,
          nextStep: matterNextStepOf(facts, overdue),
          dueDate: owedUntil(state, letter.dueDate),
          overdue,
        },
        searchable: [letter.subject],
        timelineKey: `letter:${letter.letterId}`,
      };
    });
  }

  async function casesOf(userId: number, at: Date): Promise<Listed[]> {
    return (await cases.listMatterFacts(userId)).map((found) => {
      const facts: MatterFacts = { kind: 'case', status: found.status, waitingForCitizen: found.waitingForCitizen, onAppeal: found.onAppeal };
      const state = matterStateOf(facts);
      const overdue = state === 'waiting-for-office' && found.dueDate !== null && isPastDue(found.dueDate, at);
      return {
        item: {
          kind: 'case',
          id: found.id,
          reference: caseReference(found.id),
          subject: null,
          caseType: found.caseType,
          vehicleNumberPlate: found.vehicleNumberPlate,
          amount: null,
          status: found.status,
          state,
          lastActivityAt: found.lastActivityAt,
          nextStep: matterNextStepOf(facts, overdue),
          dueDate: owedUntil(state, found.dueDate),
          overdue,
        },
        // The case's name as either language shows it: a citizen searches in the words they read.
        searchable: [caseName(found, 'en'), caseName(found, 'pl')],
        timelineKey: `case:${found.id}`,
      };
    });
  }

  async function obligationsOf(userId: number, at: Date): Promise<Listed[]> {
    return (await obligations.listMatterFacts(userId)).map((owed) => {
      const facts: MatterFacts = { kind: 'obligation', status: owed.paymentStatus };
      const state = matterStateOf(facts);
      const overdue = state !== 'closed' && (owed.paymentStatus === 'OVERDUE' || isPastDue(owed.dueDate, at));
      return {
        item: {
          kind: 'obligation',
          id: owed.id,
          reference: obligationReference(owed.id),
          subject: owed.description,
          caseType: null,
          vehicleNumberPlate: null,
          amount: owed.amount,
          status: owed.paymentStatus,
          state,
          lastActivityAt: owed.createdAt,
          nextStep: matterNextStepOf(facts, overdue),
          dueDate: owed.dueDate,
          overdue,
        },
        searchable: owed.description === null ? [] : [owed.description],
      };
    });
  }

  const sourceOf = { letter: lettersOf, case: casesOf, obligation: obligationsOf } as const;

  return {
    async list(caller: AuthUser, query: MatterListQuery): Promise<MatterListResponse> {
      const at = now();
      const kinds = query.kind ? [query.kind] : MATTER_KINDS;
      const [activity, lists] = await Promise.all([
        kinds.some((kind) => kind !== 'obligation') ? timeline.latestForOwner(caller.id) : Promise.resolve([]),
        Promise.all(kinds.map((kind) => sourceOf[kind](caller.id, at))),
      ]);
      const newest = new Map(activity.map((row) => [`${row.matter}:${row.matterId}`, row.at]));
      const { q, state } = query;
      const found = lists
        .flat()
        .map((listed) => withTimeline(listed, newest))
        .filter((listed) => (state === undefined || listed.item.state === state) && (q === undefined || matches(listed, q)))
        .sort(byActivity);
      const start = (query.page - 1) * query.pageSize;
      return {
        items: found.slice(start, start + query.pageSize).map((listed) => listed.item),
        page: query.page,
        pageSize: query.pageSize,
        total: found.length,
      };
    },
  };
}

export type MattersService = ReturnType<typeof createMattersService>;
