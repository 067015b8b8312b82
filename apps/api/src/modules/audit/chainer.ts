import { performance } from 'node:perf_hooks';
import { chainedContentOf, GENESIS_HASH, rowMac } from './chain.js';
import { lockChain } from './chain-writer.js';
import type { AuditRepository } from './repository.js';

export interface ChainerOptions {
  /** Told how long each batch held the chain's lock, from taking it to the end of its commit, in ms. */
  lockHeld?: (ms: number) => void;
  /** Rows linked per transaction (and per lock hold). */
  batchSize?: number;
}

/**
 * Links committed unchained rows into the chain (issue 31: no change's transaction holds the
 * chain's lock). Why a provisional id and a chain id rather than chaining in insertion order:
 * PostgreSQL hands out sequence values at insert but transactions commit in any order, so a row
 * with a lower provisional id may commit after a higher one was chained. The chainer therefore
 * takes whatever has committed, oldest provisional id first, and gives each row the next chain id
 * under the lock: a late row simply gets a later place, and the chain's ids stay gapless (what
 * verify, the checkpoints and adoption rest on). Any process may run it: the PostgreSQL advisory
 * lock (SQLite's single writer) makes "read the head, link the batch, commit" one step, so two
 * chainers never fork the chain, and a row already linked by another is no longer unchained.
 */
export function createChainer(audit: AuditRepository, key: Buffer, { lockHeld, batchSize = 200 }: ChainerOptions = {}) {
  /** Links up to batchSize rows in one transaction; answers how many. */
  async function batch(): Promise<number> {
    // Most kicks find the rows already linked by another process's chainer: no lock for those.
    if ((await audit.unchained(1)).length === 0) return 0;
    const { linked, lockedAt } = await audit.inTransaction(async (trx) => {
      await lockChain(trx);
      // The wait for the lock is not holding it.
      const lockedAt = performance.now();
      const head = await audit.last(trx);
      let prevHash = head?.hash ?? GENESIS_HASH;
      let id = head ? Number(head.id) : 0;
      const rows = await audit.unchained(batchSize, trx);
      for (const row of rows) {
        id += 1;
        const hash = rowMac(key, id, chainedContentOf(row, prevHash));
        if (!(await audit.chain(Number(row.id), { id, prev_hash: prevHash, hash }, trx))) {
          throw new Error(`audit row ${String(row.id)} was chained by someone not holding the chain's lock`);
        }
        prevHash = hash;
      }
      return { linked: rows.length, lockedAt };
    });
    if (linked > 0) lockHeld?.(performance.now() - lockedAt);
    return linked;
  }

  let running: Promise<void> | null = null;
  let again = false;

  /**
   * Links every row committed before the call: joins a pass under way (which then goes round once
   * more, for rows committed after it looked) or starts one.
   */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await batch()) === batchSize);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { drain };
}

export type Chainer = ReturnType<typeof createChainer>;
