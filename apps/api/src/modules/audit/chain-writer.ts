import { AUDIT_ACTIONS } from '@portal/contract';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/database.js';
import { engineOf, nowIso } from '../../db/portable.js';
import type { CommitStep } from '../../plugins/events.js';
import type { AuditRecord } from '../../ports/audit.js';
import { canonicalJson, GENESIS_HASH, rowMac } from './chain.js';
import type { AuditRepository } from './repository.js';

export type { AuditRecord };

/**
 * Key of the PostgreSQL advisory lock that makes "read the last hash, insert the next row" one
 * step across every API process. Any fixed 64-bit number; this one spells "audit" in ASCII.
 */
const CHAIN_LOCK_KEY = 0x6175646974;

/** Asks for `step` to run right before `trx` commits; false when it cannot (the events plugin's `atCommit`). */
export type CommitScheduler = (trx: Db, step: CommitStep) => boolean;

export interface ChainWriterOptions {
  /** Defers a transaction's rows to just before its commit; without it every row is written at once. */
  atCommit?: CommitScheduler;
  /** Told how long the chain's lock was held by a deferred write: from taking it to the commit, in ms. */
  lockHeld?: (ms: number) => void;
}

function assertRecordable(trx: Db, entry: AuditRecord): void {
  if (!trx.isTransaction) {
    throw new Error('audit.record needs the transaction of the change it records (db.transaction().execute(trx => ...))');
  }
  if (!AUDIT_ACTIONS.includes(entry.action)) throw new Error(`Unknown audit action "${String(entry.action)}"`);
}

/**
 * Appends rows to the chain. On PostgreSQL a transaction-scoped advisory lock (released at commit
 * or rollback) is taken before the newest hash is read, so writers in any number of API processes
 * append one after another and never fork the chain; SQLite runs one write transaction at a time
 * anyway. The transaction must be READ COMMITTED (the default): its read must see the last commit.
 */
export function createChainWriter(audit: AuditRepository, key: Buffer, { atCommit, lockHeld }: ChainWriterOptions = {}) {
  /** Each deferring transaction's rows, in the order they were recorded. */
  const queued = new WeakMap<Db, AuditRecord[]>();

  /** Writes `entries` after taking the lock; answers their ids and when the lock was ours. */
  async function appendAll(trx: Db, entries: readonly AuditRecord[]): Promise<{ ids: number[]; lockedAt: number }> {
    if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`.execute(trx);
    // The wait for the lock is not holding it (on SQLite, the rows' writes start the figure).
    const lockedAt = performance.now();
    const last = await audit.last(trx);
    let prevHash = last?.hash ?? GENESIS_HASH;
    // The id is the next number, not the sequence's: under the lock the chain's ids run without
    // gaps (a rolled-back sequence value would leave one), so verify can treat any gap as a removal.
    let id = last ? Number(last.id) : 0;
    const ids: number[] = [];
    for (const entry of entries) {
      id += 1;
      const content = {
        occurredAt: nowIso(),
        actorId: entry.actorId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: String(entry.entityId),
        beforeJson: entry.before === null ? null : canonicalJson(entry.before),
        afterJson: entry.after === null ? null : canonicalJson(entry.after),
        prevHash,
      };
      const hash = rowMac(key, id, content);
      const row = await audit.insert(
        {
          id,
          occurred_at: content.occurredAt,
          actor_id: content.actorId,
          action: content.action,
          entity_type: content.entityType,
          entity_id: content.entityId,
          before_json: content.beforeJson,
          after_json: content.afterJson,
          prev_hash: prevHash,
          hash,
        },
        trx,
      );
      ids.push(Number(row.id));
      prevHash = hash;
    }
    return { ids, lockedAt };
  }

  /** The step that writes a transaction's queued rows: the lock is taken here, the commit follows. */
  const writeQueued =
    (entries: AuditRecord[]): CommitStep =>
    async (trx) => {
      const { lockedAt } = await appendAll(trx, entries);
      return lockHeld ? () => lockHeld(performance.now() - lockedAt) : undefined;
    };

  return {
    /** Appends one row now, in `trx` (the lock is then held from here to the commit). Answers its id. */
    async append(trx: Db, entry: AuditRecord): Promise<number> {
      assertRecordable(trx, entry);
      const { ids } = await appendAll(trx, [entry]);
      return ids[0]!;
    },

    /**
     * Records `entry` in `trx`'s chain rows, written right before its commit when the transaction
     * lets it (one opened by the events plugin), at once otherwise.
     */
    async recordAtCommit(trx: Db, entry: AuditRecord): Promise<void> {
      assertRecordable(trx, entry);
      const queue = queued.get(trx);
      if (queue) {
        queue.push(entry);
        return;
      }
      const fresh = [entry];
      if (atCommit?.(trx, writeQueued(fresh))) {
        queued.set(trx, fresh);
        return;
      }
      await appendAll(trx, fresh);
    },
  };
}

export type ChainWriter = ReturnType<typeof createChainWriter>;
