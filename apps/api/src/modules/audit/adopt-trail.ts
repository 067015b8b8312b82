import { nowIso } from '../../db/portable.js';
import type { Checkpoint } from './checkpoints.js';
import { type AuditRepository, placeOf } from './repository.js';
import { type AuditKeyring, rowIsKeyed, VERIFY_BATCH } from './service.js';

export interface AdoptedTrail {
  checkpoint: Checkpoint;
  /** Rows before `keyedFrom`: accepted as written before the key, only as good as their unkeyed hash. */
  unkeyedRows: number;
}

/**
 * An operator's explicit decision, never taken at start (issue 34): a trail that has rows but no
 * checkpoint file gets one. Rows that carry a valid MAC under the key are keyed rows, so
 * `keyedFrom` is the first of them; with none at all, every row is taken as written before the
 * key, which is right only for a trail that truly predates it (a history rewritten without the key
 * looks the same). Refuses when a checkpoint file exists, valid or not.
 */
export async function adoptTrail(audit: AuditRepository, { key, checkpoints, now = nowIso }: AuditKeyring): Promise<AdoptedTrail> {
  if (checkpoints.read().status !== 'missing') throw new Error(`The audit checkpoint ${checkpoints.path} exists: there is nothing to adopt.`);
  let after: number | null = null;
  let unkeyedRows = 0;
  let keyedFrom: number | undefined;
  for (;;) {
    const rows = await audit.chainAfter(after, VERIFY_BATCH);
    const keyed = rows.findIndex((row) => rowIsKeyed(key, row));
    if (keyed !== -1) {
      unkeyedRows += keyed;
      keyedFrom = placeOf(rows[keyed]!);
      break;
    }
    unkeyedRows += rows.length;
    if (rows.length < VERIFY_BATCH) break;
    after = placeOf(rows[rows.length - 1]!);
  }
  const head = await audit.last();
  const checkpoint: Checkpoint = {
    keyedFrom: keyedFrom ?? (head ? placeOf(head) + 1 : 1),
    id: head ? placeOf(head) : null,
    hash: head?.hash ?? null,
    at: now(),
  };
  if (!checkpoints.create(checkpoint)) throw new Error(`The audit checkpoint ${checkpoints.path} was written meanwhile: there is nothing to adopt.`);
  return { checkpoint, unkeyedRows };
}
