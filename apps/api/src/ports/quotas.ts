import type { Db } from '../db/database.js';
import type { AuthUser } from '../plugins/auth/index.js';

/** Gives back a reserved send that did not happen (refused for another reason, or failed). */
export type Release = () => Promise<void>;

/**
 * What a citizen holds, counted by the module that owns it (in the caller's transaction): the
 * cases module registers both (QuotasPort.countWith), so the quotas module reads no table of theirs.
 */
export interface QuotaCounts {
  /** The citizen's cases PENDING or IN_PROGRESS. */
  openCases: (trx: Db, ownerId: number) => Promise<number>;
  /** The bytes of the complete documents in the citizen's cases. */
  documentBytes: (trx: Db, ownerId: number) => Promise<number>;
}

/** What letters and cases ask of the quotas module (modules/quotas/service.ts satisfies it). */
export interface QuotasPort {
  countWith<Kind extends keyof QuotaCounts>(kind: Kind, count: QuotaCounts[Kind]): void;
  reserveLetter(caller: AuthUser): Promise<Release>;
  reserveMessage(caller: AuthUser): Promise<Release>;
  reserveUpload(caller: AuthUser): Promise<Release>;
  assertOpenCaseRoom(trx: Db, caller: AuthUser, ownerId: number): Promise<void>;
  assertDocumentRoom(trx: Db, caller: AuthUser, ownerId: number, adding: number): Promise<void>;
}
