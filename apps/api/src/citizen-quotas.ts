import { caseApiMessages, conversationApiMessages } from '@portal/contract';
import type { CitizenQuotas } from './config.js';
import type { Db } from './db/database.js';
import type { Engine } from './db/portable.js';
import { createAttemptCounters } from './modules/auth/attempt-counters.js';
import { conflict, retryLater } from './plugins/api-error.js';
import type { AuthUser } from './plugins/auth/index.js';

const HOUR_MS = 60 * 60 * 1000;
const OPEN_STATUSES = ['PENDING', 'IN_PROGRESS'] as const;

/** Gives back a reserved send that did not happen (refused for another reason, or failed). */
export type Release = () => Promise<void>;
const nothingToRelease: Release = async () => undefined;

export interface CitizenQuotasDeps {
  db: Db;
  engine: Engine;
  quotas: CitizenQuotas;
  /** The longest an upload may run (its body deadline): an in-flight count outlives no upload by much. */
  uploadWindowMs?: number;
  now?: () => number;
}

/**
 * What one citizen may use, so that one account (registration is open) cannot fill the disk or
 * the staff's lists. Staff are never limited. Every check holds exactly under parallel requests
 * and across API processes on one database:
 * - sends per hour are reserved in an atomic counter row (`auth_counters`, one upsert) before
 *   the send, and given back when the send does not happen;
 * - open cases and document bytes are counted in the transaction of the insert, after locking
 *   the citizen's `users` row (PostgreSQL; SQLite runs one writing transaction at a time), so
 *   two requests of one citizen take turns between the count and the insert.
 */
export function createCitizenQuotas({ db, engine, quotas, uploadWindowMs = HOUR_MS, now = Date.now }: CitizenQuotasDeps) {
  const counters = createAttemptCounters(db, now);

  async function reserve(
    caller: AuthUser,
    kind: 'letters' | 'messages' | 'uploads',
    limit: number,
    message: string,
    windowMs: number = HOUR_MS,
  ): Promise<Release> {
    if (caller.role !== 'USER') return nothingToRelease;
    const key = `quota:${kind}:${caller.id}`;
    const hit = await counters.hit(key, windowMs);
    if (hit.count > limit) {
      await counters.refund(key);
      throw retryLater(message, hit.resetAtMs);
    }
    return () => counters.refund(key);
  }

  async function lockCitizen(trx: Db, citizenId: number): Promise<void> {
    if (engine === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', citizenId).forUpdate().execute();
  }

  return {
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
      await lockCitizen(trx, ownerId);
      const row = await trx
        .selectFrom('case_resolutions')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', ownerId)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirstOrThrow();
      if (Number(row.count) >= quotas.openCases) throw conflict(caseApiMessages.openCasesQuota);
    },

    /**
     * Whether `adding` more bytes fit in the documents of the citizen `ownerId`'s cases: in the
     * transaction that completes an upload (with `trx`), and once before one starts (`adding` 0:
     * a citizen already at the limit is refused before sending megabytes).
     */
    async assertDocumentRoom(trx: Db, caller: AuthUser, ownerId: number, adding: number): Promise<void> {
      if (caller.role !== 'USER') return;
      await lockCitizen(trx, ownerId);
      const row = await trx
        .selectFrom('documents as d')
        .innerJoin('case_resolutions as c', 'c.id', 'd.case_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number | null>('d.size'), eb.lit(0)).as('bytes'))
        .where('c.user_id', '=', ownerId)
        .where('d.complete', '=', 1)
        .executeTakeFirstOrThrow();
      const used = Number(row.bytes);
      if (used + adding > quotas.documentBytes || (adding === 0 && used >= quotas.documentBytes)) {
        throw conflict(caseApiMessages.documentBytesQuota);
      }
    },
  };
}

export type CitizenQuotasService = ReturnType<typeof createCitizenQuotas>;
