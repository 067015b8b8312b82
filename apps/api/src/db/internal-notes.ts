import type { InternalNoteResponse } from '@portal/contract';
import type { Db } from './database.js';
import { nowIso } from './portable.js';

/** The note tables (migration 0037) and the column naming the matter each note is about. */
const NOTE_TABLES = { case_notes: 'case_id', conversation_notes: 'conversation_id' } as const;
export type NoteTable = keyof typeof NOTE_TABLES;

/**
 * SQL for one module's internal notes (issue 33): the cases module builds it over `case_notes`,
 * the letters module over `conversation_notes`; each reads and writes only its own table. Written
 * once since both tables have the same shape.
 */
export function createNotesRepository(db: Db, table: NoteTable) {
  const subject = NOTE_TABLES[table];
  return {
    async insert(subjectId: number, authorId: number, body: string, executor: Db = db): Promise<{ id: number; createdAt: string }> {
      const createdAt = nowIso();
      // The two tables differ only in the subject's column: one insert shape serves both.
      const values = { [subject]: subjectId, author_id: authorId, body, created_at: createdAt } as { case_id: number; conversation_id: number; author_id: number; body: string; created_at: string };
      const { id } = await executor.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
      return { id: Number(id), createdAt };
    },

    /** Oldest first, each with its author's name. */
    async list(subjectId: number, executor: Db = db): Promise<InternalNoteResponse[]> {
      const rows = await executor
        .selectFrom(`${table} as n` as 'case_notes as n')
        .innerJoin('users as a', 'a.id', 'n.author_id')
        .select(['n.id', 'n.body', 'n.created_at', 'a.id as author_id', 'a.first_name', 'a.last_name'])
        .where(`n.${subject}` as 'n.case_id', '=', subjectId)
        .orderBy('n.id')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        body: row.body,
        createdAt: row.created_at,
        author: { id: Number(row.author_id), firstName: row.first_name, lastName: row.last_name },
      }));
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
