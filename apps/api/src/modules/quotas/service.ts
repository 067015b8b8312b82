import { caseApiMessages, conversationApiMessages } from '@portal/contract';
import type { CitizenQuotas } from './config.js';
import type { Db } from '../../db/database.js';
import { conflict, retryLater } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { AuthPort } from '../../ports/auth.js';
import type { QuotaCounts, Release } from '../../ports/quotas.js';
import type { UsersPort } from '../../ports/users.js';

const HOUR_MS = 60 * 60 * 1000;

export type { QuotaCounts, Release };
const nothingToRelease: Release = async () => undefined;

export interface CitizenQuotasDeps {
  quotas: CitizenQuotas;
  /** The database-backed counters (auth module) the hourly allowances are reserved in. */
  counters: Pick<AuthPort, 'hitCounter' | 'refundCounter'>;
  /** Locks the citizen's account row for the rest of the transaction (users module). */
  lockAccount: UsersPort['lockAccount'];
  /** The longest an upload may run (its body deadline): an in-flight count outlives no upload by much. */
  uploadWindowMs?: number;
}

/**
 * What one citizen may use, so that one account (registration is open) cannot fill the disk or
 * the staff's lists. Staff are never limited. Every check holds exactly under parallel requests
 * and across API processes on one database:
 * - sends per hour are reserved in an atomic counter row (the auth module's attempt counters, one
 *   upsert) before the send, and given back when the send does not happen;
 * - open cases and document bytes are counted (by the cases module, QuotaCounts) in the
 *   transaction of the insert, after locking the citizen's account row (PostgreSQL; SQLite runs one
 *   writing transaction at a time), so two requests of one citizen take turns between the count and the insert.
 */
export function createCitizenQuotas({ quotas, counters, lockAccount, uploadWindowMs = HOUR_MS }: CitizenQuotasDeps) {
  const counts: Partial<QuotaCounts> = {};
  function countOf<Kind extends keyof QuotaCounts>(kind: Kind): QuotaCounts[Kind] {
    const count = counts[kind];
    if (!count) throw new Error(`no module counts ${kind} for the citizen quotas`);
    return count;
  }

  async function reserve(
    caller: AuthUser,
    kind: 'letters' | 'messages' | 'uploads',
    limit: number,
    message: string,
    windowMs: number = HOUR_MS,
  ): Promise<Release> {
    if (caller.role !== 'USER') return nothingToRelease;
    const key = `quota:${kind}:${caller.id}`;
    const hit = await counters.hitCounter(key, windowMs);
    if (hit.count > limit) {
      await counters.refundCounter(key);
      throw retryLater(message, hit.resetAtMs);
    }
    return () => counters.refundCounter(key);
  }

  return {
    /** The module that owns what a quota counts registers its count here (once per kind). */
    countWith<Kind extends keyof QuotaCounts>(kind: Kind, count: QuotaCounts[Kind]): void {
      if (counts[kind]) throw new Error(`${kind} is counted for the citizen quotas already`);
      counts[kind] = count;
    },

    /** One letter of the caller's hourly allowance (429 with Retry-After beyond it). */
    reserveLetter: (caller: AuthUser) => reserve(caller, 'letters', quotas.lettersPerHour, conversationApiMessages.lettersQuota),

    /** One chat message of the caller's hourly allowance (429 with Retry-After beyond it). */
    reserveMessage: (caller: AuthUser) => reserve(caller, 'messages', quotas.messagesPerHour, conversationApiMessages.messagesQuota),

    /**
     * One of the caller's uploads arriving at once (429 beyond them); release it when the upload
     * ended, however it ended. Bounds what a citizen's unfinished uploads hold before the storage
     * check at completion judges them.
     */
    reserveUpload: (caller: AuthUser) =>
      reserve(caller, 'uploads', quotas.uploadsInFlight, caseApiMessages.uploadsInFlightQuota, uploadWindowMs),

    /** In the transaction that opens a case for `ownerId`, before the insert: 409 when the citizen has no room. */
    async assertOpenCaseRoom(trx: Db, caller: AuthUser, ownerId: number): Promise<void> {
      if (caller.role !== 'USER') return;
      await lockAccount(ownerId, trx);
      const open = await countOf('openCases')(trx, ownerId);
      if (open >= quotas.openCases) throw conflict(caseApiMessages.openCasesQuota);
    },

    /**
     * Whether `adding` more bytes fit in the documents of the citizen `ownerId`'s cases: in the
     * transaction that completes an upload (with `trx`), and once before one starts (`adding` 0:
     * a citizen already at the limit is refused before sending megabytes).
     */
    async assertDocumentRoom(trx: Db, caller: AuthUser, ownerId: number, adding: number): Promise<void> {
      if (caller.role !== 'USER') return;
      await lockAccount(ownerId, trx);
      const used = await countOf('documentBytes')(trx, ownerId);
      if (used + adding > quotas.documentBytes || (adding === 0 && used >= quotas.documentBytes)) {
        throw conflict(caseApiMessages.documentBytesQuota);
      }
    },
  };
}

export type CitizenQuotasService = ReturnType<typeof createCitizenQuotas>;
