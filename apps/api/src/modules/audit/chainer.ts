import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/portable.js';
import type { AuditLogRow } from '../../db/schema.js';
import { chainedContentOf, chainMac, GENESIS_HASH } from './chain.js';
import { type AuditRepository, type ChainLink, placeOf } from './repository.js';

/**
 * Key of the PostgreSQL advisory lock that makes "read the head, link after it" one step across
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

/** lockChain, unless another holds the lock now: then false, at once. */
async function lockChainIfFree(trx: Db): Promise<boolean> {
  if (engineOf(trx) !== 'postgres') return true;
  const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${CHAIN_LOCK_KEY}) as got`.execute(trx);
  return rows[0]?.got === true;
}

/** Links `rows` (unchained, in this order) after the chain's head, in `trx`, which holds the chain's lock. */
export async function linkAfterHead(audit: AuditRepository, key: Buffer, trx: Db, rows: readonly AuditLogRow[]): Promise<void> {
  const head = await audit.last(trx);
  let prevHash = head?.hash ?? GENESIS_HASH;
  let place = head ? placeOf(head) : 0;
  const links: ChainLink[] = [];
  for (const row of rows) {
    place += 1;
    const hash = chainMac(key, place, Number(row.id), chainedContentOf(row, prevHash));
    links.push({ id: Number(row.id), chain_id: place, prev_hash: prevHash, hash });
    prevHash = hash;
  }
  if ((await audit.chain(links, trx)) !== links.length) {
    // Rolls the batch back: a row was linked by someone not holding the chain's lock.
    throw new Error(`audit rows ${links.map((link) => link.id).join(', ')} were not all unchained any more`);
  }
}

export interface ChainerOptions {
  /** Told how long each batch held the chain's lock, from taking it to the end of its commit, in ms. */
  lockHeld?: (ms: number) => void;
  /** Rows linked per transaction (and per lock hold). */
  batchSize?: number;
}

/**
 * Links committed unchained rows into the chain (issue 31: no change's transaction holds the
 * chain's lock). Why a place of its own (`chain_id`) rather than chaining in id order: PostgreSQL
 * hands out ids at insert but transactions commit in any order, so a row with a lower id may
 * commit after a higher one was chained, and a rolled-back insert leaves a hole in the ids. The
 * chainer takes whatever has committed, lowest id first, and gives each row the next place under
 * the lock: a late row simply gets a later place, and the places stay gapless (what 'gap', the
 * checkpoints and adoption rest on). Any process may run it: the PostgreSQL advisory lock
 * (SQLite's single writer) makes "read the head, link the batch, commit" one step, so two
 * chainers never fork the chain (the unique index on the places would refuse it anyway), and a
 * row another chainer linked is no longer unchained.
 */
export function createChainer(audit: AuditRepository, key: Buffer, { lockHeld, batchSize = 200 }: ChainerOptions = {}) {
  /** Links up to batchSize rows in one transaction; answers how many (0 too when `wait` is false and the lock is taken). */
  async function batch(wait = true): Promise<number> {
    // Most kicks find the rows already linked by another process's chainer: no lock for those.
    if ((await audit.unchained(1)).length === 0) return 0;
    const { linked, lockedAt } = await audit.inTransaction(async (trx) => {
      if (!wait && !(await lockChainIfFree(trx))) return { linked: 0, lockedAt: performance.now() };
      if (wait) await lockChain(trx);
      // The wait for the lock is not holding it.
      const lockedAt = performance.now();
      const rows = await audit.unchained(batchSize, trx);
      await linkAfterHead(audit, key, trx, rows);
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
        // Best effort: a role that may not set the sequence leaves it behind, and inserts still pass it (repository.insert).
        await audit.catchUpIds().catch(() => undefined);
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

  /**
   * Links what has committed unless another process is linking right now (then its rows show as
   * pending for a moment): for reads that must not wait behind the chain's lock (verify, the list).
   * A pass of this process's own is waited for.
   */
  async function linkIfFree(): Promise<void> {
    if (running) await running.catch(() => undefined);
    while ((await batch(false)) === batchSize);
  }

  return { drain, linkIfFree };
}

export type Chainer = ReturnType<typeof createChainer>;
