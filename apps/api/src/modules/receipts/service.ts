import { createHash, randomUUID } from 'node:crypto';
import { type Language, type ReceiptSummary, type ReceiptVerifyResponse, receiptApiMessages as m, recipientLanguage } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuditPort } from '../../ports/audit.js';
import type { ReceiptSubjectType, SubjectOwnerFinder } from '../../ports/receipts.js';
import type { UsersPort } from '../../ports/users.js';
import { renderOnThread } from './render-pool.js';
import type { ReceiptsRepository } from './repository.js';
import { checkReceiptSignature } from './signature-check.js';
import type { SigningKey } from './signing-key.js';
import { layoutOf, type ReceiptEvent, type ReceiptLanguage, referenceOf, subjectOf } from './wording.js';

export interface ReceiptsServiceDeps {
  receipts: ReceiptsRepository;
  audit: AuditPort;
  /** The names on a receipt and its owner's language: the users module's, read in the change's transaction. */
  users: Pick<UsersPort, 'peopleOf'>;
  key: SigningKey;
  officeName: string;
}

export interface IssueOptions {
  /** Who made the request (the audit row's actor): the citizen for a submission, the clerk for a decision. */
  actorId: number;
  /** The language of that request: the receipt's when its owner made it and never chose one (recipientLanguage). */
  actorLanguage: Language;
}

export type { ReceiptSubjectType, SubjectOwnerFinder };

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
export function createReceiptsService({ receipts, audit, users, key, officeName }: ReceiptsServiceDeps) {
  // The letters and cases modules own their tables; they say here who owns a subject, so a list
  // asked for an id that does not exist is told from an empty one (issue 34 point 7).
  const ownerFinders = new Map<ReceiptSubjectType, SubjectOwnerFinder>();

  /** The subject's owner; a 404 when its module does not know it (the policy answers a citizen 403). */
  async function ownerOfSubject(subjectType: ReceiptSubjectType, subjectId: number): Promise<number> {
    const find = ownerFinders.get(subjectType);
    if (!find) throw new Error(`no module finds the owners of ${subjectType} receipts`);
    const ownerId = await find(subjectId);
    if (ownerId === undefined) throw notFound();
    return ownerId;
  }

  return {
    /** The module that owns `subjectType` registers how to find a subject's owner, once. */
    findSubjectOwnersWith(subjectType: ReceiptSubjectType, finder: SubjectOwnerFinder): void {
      if (ownerFinders.has(subjectType)) throw new Error(`the owners of ${subjectType} receipts already have a finder`);
      ownerFinders.set(subjectType, finder);
    },

    /**
     * Renders and signs the receipt of `event`, stores it and records its SHA-256 in the audit
     * trail, all in `trx`. The audit row is written unchained (recordAtCommit) and linked into
     * the chain after the commit, so no lock of the audit trail is held while the PDF is laid out or signed.
     */
    async issue(trx: Db, event: ReceiptEvent, { actorId, actorLanguage }: IssueOptions): Promise<number> {
      if (!trx.isTransaction) throw new Error('receipts.issue needs the transaction of the event it proves');
      const clerkId = 'clerkId' in event ? event.clerkId : null;
      const people = await users.peopleOf(clerkId === null ? [event.ownerId] : [event.ownerId, clerkId], trx);
      const owner = people.get(event.ownerId);
      // The person the receipt proves something to reads it, in their language (not the clerk's).
      const language: ReceiptLanguage = recipientLanguage(owner?.language, event.ownerId === actorId ? actorLanguage : undefined);
      const letterHash = event.kind === 'letter-sent' ? sha256(event.content) : null;
      const parties = { owner: owner?.name ?? '', clerk: clerkId === null ? null : (people.get(clerkId)?.name ?? '') };
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
      await audit.recordAtCommit(trx, {
        actorId,
        action: 'receipt.issue',
        entityType: 'receipt',
        entityId: id,
        before: null,
        after: { kind: event.kind, subjectType: subject.type, subjectId: subject.id, sha256: hash },
      });
      return id;
    },

    /** The receipts of an existing conversation or case (a 404 for an id that does not exist). */
    async list(subjectType: ReceiptSubjectType, subjectId: number): Promise<ReceiptSummary[]> {
      await ownerOfSubject(subjectType, subjectId);
      return (await receipts.listForSubject(subjectType, subjectId)).map(toSummary);
    },

    /** The person a receipt concerns may read it (staff skip this check in the policy); unknown ids are a 404. */
    async isOwnReceipt(id: number, user: AuthUser): Promise<boolean> {
      const ownerId = await receipts.findOwner(id);
      if (ownerId === undefined) throw notFound();
      return isStaff(user) || ownerId === user.id;
    },

    /**
     * A citizen may list the receipts of their own conversation or case. One that does not exist
     * is a 404, which the access policy answers 403 like another's: ids cannot be probed.
     */
    async mayListSubject(subjectType: ReceiptSubjectType, subjectId: number, user: AuthUser): Promise<boolean> {
      const ownerId = await ownerOfSubject(subjectType, subjectId);
      return isStaff(user) || ownerId === user.id;
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
