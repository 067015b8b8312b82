import type { ReceiptSummary } from '@portal/contract';
export type ReceiptSubjectType = 'conversation' | 'case';

/** The owning module's answer to "whose is this conversation/case?": undefined when it does not exist. */
export type SubjectOwnerFinder = (subjectId: number) => Promise<number | undefined>;

/** What other modules ask of the receipts module (modules/receipts/service.ts satisfies it). */
export interface ReceiptsPort {
  /** The module that owns `subjectType` registers how to find a subject's owner, once. */
  findSubjectOwnersWith(subjectType: ReceiptSubjectType, finder: SubjectOwnerFinder): void;
  /** The receipts of an existing conversation or case (a 404 for an id that does not exist): a matter's timeline links them. */
  list(subjectType: ReceiptSubjectType, subjectId: number): Promise<ReceiptSummary[]>;
}
