import type { ReceiptKind } from '@portal/contract';
import type { Db } from '../../db/database.js';

export interface NewReceipt {
  kind: ReceiptKind;
  subjectType: 'conversation' | 'case';
  subjectId: number;
  ownerId: number;
  reference: string;
  language: 'en' | 'pl';
  issuedAt: string;
  sha256: string;
  pdf: Buffer;
}

const summaryColumns = ['id', 'kind', 'reference', 'issued_at', 'owner_id'] as const;

export function createReceiptsRepository(db: Db) {
  return {
    async insert(receipt: NewReceipt, executor: Db = db): Promise<number> {
      const row = await executor
        .insertInto('receipts')
        .values({
          kind: receipt.kind,
          subject_type: receipt.subjectType,
          subject_id: receipt.subjectId,
          owner_id: receipt.ownerId,
          reference: receipt.reference,
          language: receipt.language,
          issued_at: receipt.issuedAt,
          sha256: receipt.sha256,
          pdf: receipt.pdf,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    listForSubject: (subjectType: 'conversation' | 'case', subjectId: number) =>
      db
        .selectFrom('receipts')
        .select(summaryColumns)
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('id')
        .execute(),

    findOwner: async (id: number): Promise<number | undefined> => {
      const row = await db.selectFrom('receipts').select('owner_id').where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : Number(row.owner_id);
    },

    findPdf: (id: number) => db.selectFrom('receipts').select(['id', 'kind', 'reference', 'pdf']).where('id', '=', id).executeTakeFirst(),

    findBySha256: (sha256: string) =>
      db.selectFrom('receipts').select(['kind', 'reference', 'issued_at']).where('sha256', '=', sha256).executeTakeFirst(),
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
