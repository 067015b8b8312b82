import type { DocumentSummary } from '@portal/contract';
import type { Db } from '../../../db/database.js';
import { nowIso } from '../../../db/portable.js';

export interface NewDocument {
  uuid: string;
  caseId: number;
  uploadedBy: number;
  name: string;
  contentType: string;
}

/** The facts of a complete document, with what the download and the access check need. */
export interface StoredDocument extends DocumentSummary {
  id: number;
  caseId: number;
  /** The owner of the document's case. */
  ownerId: number;
  sha256: string | null;
  chunkCount: number;
}

/**
 * SQL for documents. The bytes are stored in chunks (`document_chunks`), written as an upload
 * arrives and read one at a time by a download; a document is visible once `complete` is set.
 */
export function createDocumentsRepository(db: Db) {
  const summaryOf = (row: { uuid: string; name: string; size: number; content_type: string; created_at: string }): DocumentSummary => ({
    uuid: row.uuid,
    documentName: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    uploadedAt: row.created_at,
  });

  return {
    /** An incomplete document row, invisible to clients until `complete`. */
    async insertDocument(document: NewDocument, executor: Db = db): Promise<number> {
      const { id } = await executor
        .insertInto('documents')
        .values({
          uuid: document.uuid,
          case_id: document.caseId,
          uploaded_by: document.uploadedBy,
          name: document.name,
          content_type: document.contentType,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async insertChunk(documentId: number, seq: number, data: Buffer, executor: Db = db): Promise<void> {
      await executor.insertInto('document_chunks').values({ document_id: documentId, seq, data }).execute();
    },

    /** Makes the document visible with its final size and digest. */
    async markComplete(documentId: number, size: number, sha256: string, executor: Db = db): Promise<void> {
      await executor.updateTable('documents').set({ complete: 1, size, sha256, created_at: nowIso() }).where('id', '=', documentId).execute();
    },

    /** Removes a document and its bytes (a refused or broken upload). */
    async deleteDocument(documentId: number, executor: Db = db): Promise<void> {
      await executor.deleteFrom('document_chunks').where('document_id', '=', documentId).execute();
      await executor.deleteFrom('documents').where('id', '=', documentId).execute();
    },

    /**
     * Incomplete documents started before `before`: uploads a crashed process left behind. Younger
     * ones may still be arriving through another API process.
     */
    async deleteAbandoned(before: string, executor: Db = db): Promise<number> {
      const rows = await executor.selectFrom('documents').select('id').where('complete', '=', 0).where('created_at', '<', before).execute();
      for (const { id } of rows) {
        await executor.deleteFrom('document_chunks').where('document_id', '=', id).execute();
        await executor.deleteFrom('documents').where('id', '=', id).execute();
      }
      return rows.length;
    },

    async countComplete(caseId: number, executor: Db = db): Promise<number> {
      const row = await executor
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('case_id', '=', caseId)
        .where('complete', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Complete documents of a case, oldest first. */
    async listForCase(caseId: number, executor: Db = db): Promise<DocumentSummary[]> {
      const rows = await executor
        .selectFrom('documents')
        .select(['uuid', 'name', 'size', 'content_type', 'created_at'])
        .where('case_id', '=', caseId)
        .where('complete', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map(summaryOf);
    },

    async findComplete(uuid: string, executor: Db = db): Promise<StoredDocument | undefined> {
      const row = await executor
        .selectFrom('documents as d')
        .innerJoin('case_resolutions as c', 'c.id', 'd.case_id')
        .select([
          'd.id',
          'd.uuid',
          'd.case_id',
          'd.name',
          'd.size',
          'd.content_type',
          'd.created_at',
          'd.sha256',
          'c.user_id',
          (eb) => eb.selectFrom('document_chunks as k').select((k) => k.fn.countAll<string | number>().as('n')).whereRef('k.document_id', '=', 'd.id').as('chunk_count'),
        ])
        .where('d.uuid', '=', uuid)
        .where('d.complete', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...summaryOf(row),
        id: Number(row.id),
        caseId: Number(row.case_id),
        ownerId: Number(row.user_id),
        sha256: row.sha256,
        chunkCount: Number(row.chunk_count ?? 0),
      };
    },

    /** One chunk's bytes, or undefined past the last one. */
    async readChunk(documentId: number, seq: number, executor: Db = db): Promise<Buffer | undefined> {
      const row = await executor
        .selectFrom('document_chunks')
        .select('data')
        .where('document_id', '=', documentId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row?.data;
    },

    /** The bytes of the complete documents in the cases of `ownerId`: what the storage quota counts. */
    async bytesOf(executor: Db, ownerId: number): Promise<number> {
      const row = await executor
        .selectFrom('documents as d')
        .innerJoin('case_resolutions as c', 'c.id', 'd.case_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number | null>('d.size'), eb.lit(0)).as('bytes'))
        .where('c.user_id', '=', ownerId)
        .where('d.complete', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
