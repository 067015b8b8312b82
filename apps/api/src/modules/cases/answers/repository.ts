import type { AppealResponse, CaseStatus, SupplementResponse } from '@portal/contract';
import type { Db } from '../../../db/database.js';
import { fromFlag } from '../../../db/portable.js';

export interface StoredDecision {
  id: number;
  caseId: number;
  status: CaseStatus;
  decidedAt: string;
  decidedBy: number | null;
  onAppeal: boolean;
  openedAt: string | null;
}

const list = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

/** SQL of decisions, requests to supplement and appeals (migration 0044); every method takes an optional transaction. */
export function createCaseAnswersRepository(db: Db) {
  return {
    /** A decision (RESOLVED or REJECTED) as it is made: it awaits delivery. On appeal when the decision before it was appealed. */
    async insertDecision(caseId: number, status: CaseStatus, decidedAt: string, decidedBy: number, executor: Db = db): Promise<void> {
      const latest = await this.latestDecision(caseId, executor);
      const appealed = latest ? await this.appealOf(latest.id, executor) : undefined;
      await executor
        .insertInto('case_decisions')
        .values({ case_id: caseId, status, decided_at: decidedAt, decided_by: decidedBy, on_appeal: appealed ? 1 : 0 })
        .execute();
    },

    async latestDecision(caseId: number, executor: Db = db): Promise<StoredDecision | undefined> {
      const row = await executor.selectFrom('case_decisions').selectAll().where('case_id', '=', caseId).orderBy('id', 'desc').limit(1).executeTakeFirst();
      return (
        row && {
          id: Number(row.id),
          caseId: Number(row.case_id),
          status: row.status,
          decidedAt: row.decided_at,
          decidedBy: row.decided_by === null ? null : Number(row.decided_by),
          onAppeal: fromFlag(row.on_appeal),
          openedAt: row.opened_at,
        }
      );
    },

    /** Records the first opening only: true when this call set it. */
    async markOpened(decisionId: number, at: string, executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('case_decisions')
        .set({ opened_at: at })
        .where('id', '=', decisionId)
        .where('opened_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertSupplement(caseId: number, requestedBy: number, at: string, message: string, documentsNeeded: readonly string[], executor: Db = db): Promise<number> {
      const { id } = await executor
        .insertInto('case_supplements')
        .values({ case_id: caseId, requested_by: requestedBy, requested_at: at, message, documents_needed: JSON.stringify(documentsNeeded) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** The request still waiting for the citizen, if any. */
    async openSupplement(caseId: number, executor: Db = db): Promise<{ id: number; requestedBy: number; requestedAt: string } | undefined> {
      const row = await executor
        .selectFrom('case_supplements')
        .select(['id', 'requested_by', 'requested_at'])
        .where('case_id', '=', caseId)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      return row && { id: Number(row.id), requestedBy: Number(row.requested_by), requestedAt: row.requested_at };
    },

    /** The answer, once: true when this call answered it (a second one at once finds it answered). */
    async answerSupplement(id: number, at: string, answer: string, documents: readonly string[], executor: Db = db): Promise<boolean> {
      const result = await executor
        .updateTable('case_supplements')
        .set({ answered_at: at, answer, answer_documents: JSON.stringify(documents) })
        .where('id', '=', id)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listSupplements(caseId: number, executor: Db = db): Promise<SupplementResponse[]> {
      const rows = await executor.selectFrom('case_supplements').selectAll().where('case_id', '=', caseId).orderBy('id').execute();
      return rows.map((row) => ({
        id: Number(row.id),
        requestedAt: row.requested_at,
        message: row.message,
        documentsNeeded: list(row.documents_needed),
        answeredAt: row.answered_at,
        answer: row.answer,
        answerDocuments: list(row.answer_documents),
      }));
    },

    /** Throws on a second appeal of the same decision (unique index): the service asks first. */
    async insertAppeal(caseId: number, decisionId: number, at: string, body: string, documents: readonly string[], executor: Db = db): Promise<number> {
      const { id } = await executor
        .insertInto('case_appeals')
        .values({ case_id: caseId, decision_id: decisionId, appealed_at: at, body, documents: JSON.stringify(documents) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async appealOf(decisionId: number, executor: Db = db): Promise<AppealResponse | undefined> {
      const row = await executor.selectFrom('case_appeals').selectAll().where('decision_id', '=', decisionId).executeTakeFirst();
      return row && { id: Number(row.id), appealedAt: row.appealed_at, text: row.body, documents: list(row.documents) };
    },
  };
}

export type CaseAnswersRepository = ReturnType<typeof createCaseAnswersRepository>;
