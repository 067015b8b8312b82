import { createHash, randomUUID } from 'node:crypto';
import { type ReceiptSummary, type ReceiptVerifyResponse, receiptApiMessages as m } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditService } from '../audit/index.js';
import { renderOnThread } from './render-pool.js';
import type { ReceiptsRepository } from './repository.js';
import { checkReceiptSignature } from './signature-check.js';
import type { SigningKey } from './signing-key.js';
import { layoutOf, type ReceiptEvent, type ReceiptLanguage, referenceOf, subjectOf } from './wording.js';

export interface ReceiptsServiceDeps {
  receipts: ReceiptsRepository;
  audit: AuditService;
  key: SigningKey;
  officeName: string;
}

export interface IssueOptions {
  /** Who made the request (the audit row's actor): the citizen for a submission, the clerk for a decision. */
  actorId: number;
  language: ReceiptLanguage;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const isStaff = (user: AuthUser) => user.role !== 'USER';

const toSummary = (row: { id: number; kind: ReceiptSummary['kind']; reference: string; issued_at: string }): ReceiptSummary => ({
  id: Number(row.id),
  kind: row.kind,
  reference: row.reference,
  issuedAt: row.issued_at,
});

/** A file name for the download: receipt-L-12.pdf, receipt-C-3.pdf. */
const fileNameOf = (id: number, reference: string) => `receipt-${id}-${reference.split(' ')[0] ?? ''}.pdf`;

/**
 * Signed receipts: issued inside the transaction of the event they prove (the PDF, its row and
 * its audit row commit with the event or not at all), handed out as stored, and checked.
 */
export function createReceiptsService({ receipts, audit, key, officeName }: ReceiptsServiceDeps) {
  return {
    /**
     * Renders and signs the receipt of `event`, stores it and records its SHA-256 in the audit
     * trail, all in `trx`. Call it before the event's own audit.record: the audit trail's lock
     * (PostgreSQL) is then held only for the inserts, not while the PDF is signed.
     */
    async issue(trx: Db, event: ReceiptEvent, { actorId, language }: IssueOptions): Promise<number> {
      if (!trx.isTransaction) throw new Error('receipts.issue needs the transaction of the event it proves');
      const clerkId = 'clerkId' in event ? event.clerkId : null;
      const names = await receipts.namesOf(clerkId === null ? [event.ownerId] : [event.ownerId, clerkId], trx);
      const letterHash = event.kind === 'letter-sent' ? sha256(event.content) : null;
      const parties = { owner: names.get(event.ownerId) ?? '', clerk: clerkId === null ? null : (names.get(clerkId) ?? '') };
      const layout = layoutOf(event, parties, language, officeName, letterHash, randomUUID());
      const pdf = await renderOnThread(layout, key);
      const hash = sha256(pdf);
      const subject = subjectOf(event);
      const id = await receipts.insert(
        {
          kind: event.kind,
          subjectType: subject.type,
          subjectId: subject.id,
          ownerId: event.ownerId,
          reference: referenceOf(event),
          language,
          issuedAt: event.at,
          sha256: hash,
          pdf,
        },
        trx,
      );
      await audit.record(trx, {
        actorId,
        action: 'receipt.issue',
        entityType: 'receipt',
        entityId: id,
        before: null,
        after: { kind: event.kind, subjectType: subject.type, subjectId: subject.id, sha256: hash },
      });
      return id;
    },

    list: async (subjectType: 'conversation' | 'case', subjectId: number): Promise<ReceiptSummary[]> =>
      (await receipts.listForSubject(subjectType, subjectId)).map(toSummary),

    /** The person a receipt concerns may read it (staff skip this check in the policy); unknown ids are a 404. */
    async isOwnReceipt(id: number, user: AuthUser): Promise<boolean> {
      const ownerId = await receipts.findOwner(id);
      if (ownerId === undefined) throw notFound();
      return isStaff(user) || ownerId === user.id;
    },

    /** A citizen may list the receipts of a subject when every one of them is theirs. */
    async mayListSubject(subjectType: 'conversation' | 'case', subjectId: number, user: AuthUser): Promise<boolean> {
      if (isStaff(user)) return true;
      return (await receipts.listForSubject(subjectType, subjectId)).every((row) => Number(row.owner_id) === user.id);
    },

    async pdf(id: number): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await receipts.findPdf(id);
      if (!row) throw notFound();
      return { fileName: fileNameOf(Number(row.id), row.reference), bytes: Buffer.from(row.pdf) };
    },

    /** The public check: the signature, the bytes, the records; of the person, nothing. */
    async verify(pdf: Buffer): Promise<ReceiptVerifyResponse> {
      const { signature, unchanged } = checkReceiptSignature(pdf, key.certificateDer);
      const record = signature === 'office' && unchanged ? await receipts.findBySha256(sha256(pdf)) : undefined;
      const inRecords = record !== undefined;
      const message =
        signature === 'missing'
          ? m.notSigned
          : signature === 'other'
            ? m.otherSigner
            : signature === 'invalid' || !unchanged
              ? m.changed
              : inRecords
                ? m.genuine
                : m.unknown;
      return {
        genuine: signature === 'office' && unchanged && inRecords,
        signature,
        unchanged,
        inRecords,
        proves: record ? { kind: record.kind, reference: record.reference, issuedAt: record.issued_at } : null,
        message,
      };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
