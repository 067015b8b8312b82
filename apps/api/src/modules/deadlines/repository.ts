import type { DeadlineWarning, TermedMatterKind } from '@portal/contract';
import type { Db } from '../../db/database.js';

/** A matter as this module's tables name it: 'letter' with its conversation's id, 'case' with the case's. */
export interface MatterKey {
  kind: TermedMatterKind;
  id: number;
}

export interface StoredPrompt {
  id: number;
  kind: TermedMatterKind;
  matterId: number;
  ownerId: number;
  text: string;
  sentAt: string;
  answerBy: string;
  answeredAt: string | null;
  answer: string | null;
  newDueDate: string | null;
  /** Its number within its matter (1, 2, ...): the next prompt takes this + 1. */
  seq: number;
}

type PromptRow = {
  id: number;
  matter_kind: TermedMatterKind;
  matter_id: number;
  owner_id: number;
  body: string;
  created_at: string;
  answer_by: string;
  answered_at: string | null;
  answer: string | null;
  new_due_date: string | null;
  seq: number | null;
};
const promptOf = (row: PromptRow): StoredPrompt => ({
  id: Number(row.id),
  kind: row.matter_kind,
  matterId: Number(row.matter_id),
  ownerId: Number(row.owner_id),
  text: row.body,
  sentAt: row.created_at,
  answerBy: row.answer_by,
  answeredAt: row.answered_at,
  answer: row.answer,
  newDueDate: row.new_due_date,
  seq: Number(row.seq ?? 0),
});
const PROMPT_COLUMNS = ['id', 'matter_kind', 'matter_id', 'owner_id', 'body', 'created_at', 'answer_by', 'answered_at', 'answer', 'new_due_date', 'seq'] as const;

export const warningKey = (matterId: number, dueDate: string, warning: DeadlineWarning) => `${matterId}:${dueDate}:${warning}`;

/** SQL for delay notices, prompts and warnings given (the deadlines module's tables only). */
export function createDeadlinesRepository(db: Db) {
  return {
    async addNotice(
      notice: MatterKey & { ownerId: number; authorId: number; reason: string; newDueDate: string; previousDueDate: string | null; at: string },
      executor: Db,
    ): Promise<number> {
      const { id } = await executor
        .insertInto('delay_notices')
        .values({
          matter_kind: notice.kind,
          matter_id: notice.id,
          owner_id: notice.ownerId,
          author_id: notice.authorId,
          reason: notice.reason,
          new_due_date: notice.newDueDate,
          previous_due_date: notice.previousDueDate,
          created_at: notice.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async noticesOf({ kind, id }: MatterKey, executor: Db = db) {
      const rows = await executor
        .selectFrom('delay_notices')
        .select(['id', 'reason', 'new_due_date', 'previous_due_date', 'created_at'])
        .where('matter_kind', '=', kind)
        .where('matter_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: Number(row.id), reason: row.reason, newDueDate: row.new_due_date, previousDueDate: row.previous_due_date, sentAt: row.created_at }));
    },

    /**
     * Adds the matter's prompt number `seq` (the latest one's, as the caller read and checked it, + 1).
     * Undefined when another request took that number first: the unique index (migration 0059) is
     * what makes "one prompt in 7 days" hold for requests at the same moment on any API process.
     */
    async addPrompt(prompt: MatterKey & { ownerId: number; text: string; at: string; answerBy: string; seq: number }, executor: Db): Promise<number | undefined> {
      const inserted = await executor
        .insertInto('matter_prompts')
        .values({ matter_kind: prompt.kind, matter_id: prompt.id, owner_id: prompt.ownerId, body: prompt.text, created_at: prompt.at, answer_by: prompt.answerBy, seq: prompt.seq })
        .onConflict((conflict) => conflict.columns(['matter_kind', 'matter_id', 'seq']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted && Number(inserted.id);
    },

    async promptsOf({ kind, id }: MatterKey, executor: Db = db): Promise<StoredPrompt[]> {
      const rows = await executor.selectFrom('matter_prompts').select(PROMPT_COLUMNS).where('matter_kind', '=', kind).where('matter_id', '=', id).orderBy('id').execute();
      return rows.map(promptOf);
    },

    async findPrompt(id: number, executor: Db = db): Promise<StoredPrompt | undefined> {
      const row = await executor.selectFrom('matter_prompts').select(PROMPT_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && promptOf(row);
    },

    /** Open prompts, oldest first (the admins answer them in the order they came). */
    async openPrompts(limit: number): Promise<StoredPrompt[]> {
      const rows = await db.selectFrom('matter_prompts').select(PROMPT_COLUMNS).where('answered_at', 'is', null).orderBy('id').limit(limit).execute();
      return rows.map(promptOf);
    },

    /** Answers a prompt once: false when another admin's answer came first (the WHERE decides). */
    async answerPrompt(id: number, answer: { by: number; at: string; text: string; newDueDate: string | null }, executor: Db): Promise<boolean> {
      const result = await executor
        .updateTable('matter_prompts')
        .set({ answered_at: answer.at, answered_by: answer.by, answer: answer.text, new_due_date: answer.newDueDate })
        .where('id', '=', id)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Records the warnings given for a matter's due date; answers the ones this call recorded first.
     * The primary key refuses a second row, so of several processes running the schedule at once
     * only one records (and tells of) each warning.
     */
    async recordWarnings(matter: MatterKey, dueDate: string, warnings: readonly DeadlineWarning[], at: string, executor: Db): Promise<DeadlineWarning[]> {
      const recorded: DeadlineWarning[] = [];
      for (const warning of warnings) {
        const inserted = await executor
          .insertInto('deadline_warnings')
          .values({ matter_kind: matter.kind, matter_id: matter.id, due_date: dueDate, warning, created_at: at })
          .onConflict((conflict) => conflict.doNothing())
          .returning('warning')
          .executeTakeFirst();
        if (inserted) recorded.push(warning);
      }
      return recorded;
    },

    /** The warnings already given, per matter and due date: the schedule skips those. */
    async givenWarnings(kind: TermedMatterKind, matterIds: readonly number[]): Promise<Set<string>> {
      const given = new Set<string>();
      for (let start = 0; start < matterIds.length; start += 500) {
        const rows = await db
          .selectFrom('deadline_warnings')
          .select(['matter_id', 'due_date', 'warning'])
          .where('matter_kind', '=', kind)
          .where('matter_id', 'in', matterIds.slice(start, start + 500))
          .execute();
        for (const row of rows) given.add(warningKey(Number(row.matter_id), row.due_date, row.warning));
      }
      return given;
    },
  };
}
export type DeadlinesRepository = ReturnType<typeof createDeadlinesRepository>;
