import type { Db } from '../../../db/database.js';
import type { Pause } from '../../../plugins/legal-clock/terms.js';

/** What answering back adds to every case a list or the details show. */
export interface CaseAnswerFacts {
  pauses: Pause[];
  /** The latest appeal's time, or null. */
  appealedAt: string | null;
  /** True when the case's latest decision was appealed (the case is open again on that appeal). */
  latestDecisionAppealed: boolean;
  /** A request to supplement not answered yet. */
  waiting: boolean;
}

const none = (): CaseAnswerFacts => ({ pauses: [], appealedAt: null, latestDecisionAppealed: false, waiting: false });

/** The facts of `ids` in three small queries, whatever the number of cases (one page of a list). */
export async function answerFactsFor(ids: readonly number[], executor: Db): Promise<Map<number, CaseAnswerFacts>> {
  const facts = new Map<number, CaseAnswerFacts>();
  if (ids.length === 0) return facts;
  const of = (caseId: unknown) => {
    const id = Number(caseId);
    let found = facts.get(id);
    if (!found) facts.set(id, (found = none()));
    return found;
  };
  const [supplements, appeals, decisions] = await Promise.all([
    executor.selectFrom('case_supplements').select(['case_id', 'requested_at', 'answered_at']).where('case_id', 'in', [...ids]).orderBy('id').execute(),
    executor.selectFrom('case_appeals').select(['case_id', 'decision_id', 'appealed_at']).where('case_id', 'in', [...ids]).orderBy('id').execute(),
    executor
      .selectFrom('case_decisions')
      .select((eb) => ['case_id', eb.fn.max('id').as('latest')])
      .where('case_id', 'in', [...ids])
      .groupBy('case_id')
      .execute(),
  ]);
  for (const row of supplements) {
    const found = of(row.case_id);
    found.pauses.push({ from: row.requested_at, to: row.answered_at });
    if (row.answered_at === null) found.waiting = true;
  }
  const latest = new Map(decisions.map((row) => [Number(row.case_id), Number(row.latest)]));
  for (const row of appeals) {
    const found = of(row.case_id);
    found.appealedAt = row.appealed_at;
    if (latest.get(Number(row.case_id)) === Number(row.decision_id)) found.latestDecisionAppealed = true;
  }
  return facts;
}

export const answerFactsOf = (facts: Map<number, CaseAnswerFacts>, caseId: number): CaseAnswerFacts => facts.get(caseId) ?? none();

/** Cases whose answers are read per query (an `in` list of at most this many ids). */
const BATCH = 500;

/** The answering-back facts of many cases, a batch of ids per query. */
export async function answerFactsInBatches(ids: readonly number[], executor: Db): Promise<Map<number, CaseAnswerFacts>> {
  const all = new Map<number, CaseAnswerFacts>();
  for (let start = 0; start < ids.length; start += BATCH) {
    for (const [id, facts] of await answerFactsFor(ids.slice(start, start + BATCH), executor)) all.set(id, facts);
  }
  return all;
}
