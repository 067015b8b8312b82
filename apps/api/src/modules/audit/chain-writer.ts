import { AUDIT_ACTIONS } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import type { CommitStep } from '../../plugins/events.js';
import type { AuditRecord } from '../../ports/audit.js';
import { canonicalJson } from './chain.js';
import { linkAfterHead, lockChain } from './chainer.js';
import type { AuditRepository, AuditRowContent } from './repository.js';

export type { AuditRecord };

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
const contentOf = (entry: AuditRecord): AuditRowContent => ({
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
      const row = await audit.insert(contentOf(entry), trx);
      await linkAfterHead(audit, key, trx, [row]);
      return Number(row.id);
    },

    /**
     * Records `entry` unchained in `trx`, with no lock; once `trx` commits
     * (when the events plugin opened it) the chainer is kicked, otherwise its timer finds the row.
     */
    async recordAtCommit(trx: Db, entry: AuditRecord): Promise<void> {
      assertRecordable(trx, entry);
      await audit.insert(contentOf(entry), trx);
      if (followed.has(trx) || !committed) return;
      const kickOnCommit: CommitStep = async () => (ok) => {
        if (ok) committed();
      };
      if (atCommit?.(trx, kickOnCommit)) followed.add(trx);
    },
  };
}

export type ChainWriter = ReturnType<typeof createChainWriter>;
