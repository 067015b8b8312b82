import type { Department, ReplyTemplateInput, ReplyTemplateLanguage, ReplyTemplateResponse, ReplyTemplateScope } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsIgnoringCase, nowIso } from '../../db/portable.js';

/** What the list shows a caller: the departments' templates (or one's) and the caller's own. */
export interface TemplateFilter {
  ownerId: number;
  search?: string;
  department?: Department;
  scope?: ReplyTemplateScope;
  language?: ReplyTemplateLanguage;
}

type Row = {
  id: number;
  scope: ReplyTemplateScope;
  department: Department | null;
  owner_id: number | null;
  name: string;
  language: ReplyTemplateLanguage;
  body: string;
  updated_at: string;
};

const toTemplate = (row: Row): ReplyTemplateResponse => ({
  id: Number(row.id),
  name: row.name,
  language: row.language,
  scope: row.scope,
  department: row.department,
  ownerId: row.owner_id === null ? null : Number(row.owner_id),
  text: row.body,
  updatedAt: row.updated_at,
});

const COLUMNS = ['id', 'scope', 'department', 'owner_id', 'name', 'language', 'body', 'updated_at'] as const;

/** SQL of canned replies (issue 33 point 4): the module's own `reply_templates` only. */
export function createReplyTemplatesRepository(db: Db) {
  return {
    async list(filter: TemplateFilter, executor: Db = db): Promise<ReplyTemplateResponse[]> {
      let query = executor
        .selectFrom('reply_templates')
        .select([...COLUMNS])
        .where((eb) =>
          eb.or([
            eb.and([eb('scope', '=', 'DEPARTMENT'), ...(filter.department ? [eb('department', '=', filter.department)] : [])]),
            eb.and([eb('scope', '=', 'PERSONAL'), eb('owner_id', '=', filter.ownerId)]),
          ]),
        )
        .orderBy(sql`casefold(${sql.ref('name')})`)
        .orderBy('id');
      if (filter.scope) query = query.where('scope', '=', filter.scope);
      if (filter.language) query = query.where('language', '=', filter.language);
      if (filter.search) query = query.where(containsIgnoringCase(sql.ref('name'), filter.search));
      return (await query.execute()).map((row) => toTemplate(row as Row));
    },

    async find(id: number, executor: Db = db): Promise<ReplyTemplateResponse | undefined> {
      const row = await executor.selectFrom('reply_templates').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
      return row && toTemplate(row as Row);
    },

    async insert(input: ReplyTemplateInput, ownerId: number | null, executor: Db): Promise<number> {
      const now = nowIso();
      const { id } = await executor
        .insertInto('reply_templates')
        .values({
          scope: input.scope,
          department: input.scope === 'DEPARTMENT' ? (input.department ?? null) : null,
          owner_id: ownerId,
          name: input.name,
          language: input.language,
          body: input.text,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(id: number, input: ReplyTemplateInput, ownerId: number | null, executor: Db): Promise<void> {
      await executor
        .updateTable('reply_templates')
        .set({
          scope: input.scope,
          department: input.scope === 'DEPARTMENT' ? (input.department ?? null) : null,
          owner_id: ownerId,
          name: input.name,
          language: input.language,
          body: input.text,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number, executor: Db): Promise<void> {
      await executor.deleteFrom('reply_templates').where('id', '=', id).execute();
    },

    /** An account's closure: its own templates go with it (they are its words, not the office's). */
    async removeOwnedBy(ownerId: number, executor: Db = db): Promise<void> {
      await executor.deleteFrom('reply_templates').where('owner_id', '=', ownerId).execute();
    },
  };
}

export type ReplyTemplatesRepository = ReturnType<typeof createReplyTemplatesRepository>;
