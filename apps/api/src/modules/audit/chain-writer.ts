import { AUDIT_ACTIONS } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, nowIso } from '../../db/portable.js';
import type { CommitStep } from '../../plugins/events.js';
import type { AuditRecord } from '../../ports/audit.js';
import { canonicalJson, GENESIS_HASH, rowMac } from './chain.js';
import type { AuditRepository, PendingAuditRow } from './repository.js';

export type { AuditRecord };

/**
 * Key of the PostgreSQL advisory lock that makes "read the head, append after it" one step across
 * every API process. Any fixed 64-bit number; this one spells "audit" in ASCII.
 */
const CHAIN_LOCK_KEY = 0x6175646974;

/**
 * Takes the chain's lock in `trx` until it ends (PostgreSQL; SQLite runs one write transaction at
 * a time anyway). The transaction must be READ COMMITTED (the default): what it reads next must
 * see the last commit of whoever held the lock before.
 */
export async function lockChain(trx: Db): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`.execute(trx);
}

/** Asks for `step` to run right before `trx` commits; false when it cannot (the events plugin's `atCommit`). */
export type CommitScheduler = (trx: Db, step: CommitStep) => boolean;

export interface ChainWriterOptions {
  /** Lets a transaction's unchained rows be followed, once it committed, by a call to `committed`. */
  atCommit?: CommitScheduler;
  /** Told that a transaction which wrote unchained rows committed (the chainer's kick). */
  committed?: () => void;
}

function assertRecordable(trx: Db, entry: AuditRecord): void {
  if (!trx.isTransaction) {
    throw new Error('audit.record needs the transaction of the change it records (db.transaction().execute(trx => ...))');
  }
  if (!AUDIT_ACTIONS.includes(entry.action)) throw new Error(`Unknown audit action "${String(entry.action)}"`);
}

/** A record as the row stores it: canonical JSON text, the entity id as text, stamped now. */
const contentOf = (entry: AuditRecord): PendingAuditRow => ({
  occurred_at: nowIso(),
  actor_id: entry.actorId,
  action: entry.action,
  entity_type: entry.entityType,
  entity_id: String(entry.entityId),
  before_json: entry.before === null ? null : canonicalJson(entry.before),
  after_json: entry.after === null ? null : canonicalJson(entry.after),
});

/**
 * Writes audit rows in the transaction of their change, so a row exists exactly when its change
 * does: chained at once (`append`, which holds the chain's lock until the commit: seeds and
 * scripts), or unchained (`recordAtCommit`, every request: no lock at all), for the chainer
 * (chainer.ts) to link once the change committed.
 */
export function createChainWriter(audit: AuditRepository, key: Buffer, { atCommit, committed }: ChainWriterOptions = {}) {
  /** The transactions already followed by a kick of the chainer (one per transaction). */
  const followed = new WeakSet<Db>();

  return {
    /** Appends one row to the chain now, in `trx` (the lock is then held until its commit). Answers its id. */
    async append(trx: Db, entry: AuditRecord): Promise<number> {
      assertRecordable(trx, entry);
      await lockChain(trx);
      const last = await audit.last(trx);
      const prevHash = last?.hash ?? GENESIS_HASH;
      // The id is the head's + 1, not a sequence's: the chain's ids run without gaps, so verify
      // can treat any gap as a removal.
      const id = last ? Number(last.id) + 1 : 1;
      const row = contentOf(entry);
      const hash = rowMac(key, id, {
        occurredAt: row.occurred_at,
        actorId: row.actor_id,
        action: row.action,
        entityType: row.entity_type,
        entityId: row.entity_id,
        beforeJson: row.before_json ?? null,
        afterJson: row.after_json ?? null,
        prevHash,
      });
      const inserted = await audit.insert({ ...row, id, prev_hash: prevHash, hash }, trx);
      return Number(inserted.id);
    },

    /**
     * Records `entry` unchained in `trx`, with no lock, under a provisional id; once `trx` commits
     * (when the events plugin opened it) the chainer is kicked, otherwise its timer finds the row.
     */
    async recordAtCommit(trx: Db, entry: AuditRecord): Promise<void> {
      assertRecordable(trx, entry);
      await audit.insertPending(contentOf(entry), trx);
      if (followed.has(trx) || !committed) return;
      const kickOnCommit: CommitStep = async () => (ok) => {
        if (ok) committed();
      };
      if (atCommit?.(trx, kickOnCommit)) followed.add(trx);
    },
  };
}

export type ChainWriter = ReturnType<typeof createChainWriter>;
