import {
  type AuditEntityType,
  type AuditEntryResponse,
  type AuditListQuery,
  type AuditListResponse,
  type AuditRecordName,
  type AuditSnapshot,
  type AuditVerifyResponse,
  fullName,
} from '@portal/contract';
import { nowIso } from '../../db/portable.js';
import type { AuditLogRow } from '../../db/schema.js';
import { type ChainedContent, chainedContentOf, chainMac, GENESIS_HASH, rowHash, sameMac } from './chain.js';

export { type ChainedRowFields, chainedContentOf } from './chain.js';
import type { AuditRecord, AuditRecordNamer } from '../../ports/audit.js';
import { type CommitScheduler, createChainWriter } from './chain-writer.js';
import { createChainer } from './chainer.js';
import type { Checkpoint, CheckpointFile, CheckpointRead } from './checkpoints.js';
import { type AuditFilter, type AuditRepository, type AuditRowWithActor, placeOf } from './repository.js';

export type { AuditRecordNamer };

/** The ids of a page that are whole numbers (the trail keeps them as text; a receipt's is a UUID). */
function numericEntityIds(entityIds: Iterable<string>): number[] {
  return [...entityIds].filter((id) => /^[1-9]\d{0,9}$/.test(id)).map(Number).filter((id) => id <= 2_147_483_647);
}

export const VERIFY_BATCH = 1_000;

/** A stored snapshot: null, a JSON object, or (written around the portal) anything else. */
function readSnapshot(text: string | null): { snapshot: AuditSnapshot } | { unreadable: string } {
  if (text === null) return { snapshot: null };
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { snapshot: value as AuditSnapshot };
  } catch {
    // Not JSON: flagged below, never a 500 that would hide every other row.
  }
  return { unreadable: text };
}

/**
 * A row as the API shows it. A before/after that is not a JSON object shows as null with the stored
 * text under `malformed`, so one forged row is flagged and the rest of the trail is still listed.
 */
export function toAuditEntry(row: AuditRowWithActor): AuditEntryResponse {
  const before = readSnapshot(row.before_json);
  const after = readSnapshot(row.after_json);
  const malformed = {
    ...('unreadable' in before ? { before: before.unreadable } : {}),
    ...('unreadable' in after ? { after: after.unreadable } : {}),
  };
  return {
    id: Number(row.id),
    occurredAt: row.occurred_at,
    actorId: Number(row.actor_id),
    actorName: fullName({ firstName: row.actor_first_name, lastName: row.actor_last_name }),
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: 'snapshot' in before ? before.snapshot : null,
    after: 'snapshot' in after ? after.snapshot : null,
    hash: row.hash,
    prevHash: row.prev_hash,
    ...(Object.keys(malformed).length > 0 ? { malformed } : {}),
  };
}

const contentOf = (row: AuditLogRow): ChainedContent => chainedContentOf(row, row.prev_hash ?? '');

/** True when the row's stored hash is its MAC under `key`: a keyed row, written by the portal. */
export const rowIsKeyed = (key: Buffer, row: AuditLogRow): boolean =>
  row.prev_hash !== null && row.hash !== null && sameMac(chainMac(key, placeOf(row), Number(row.id), contentOf(row)), row.hash);

/** The audit key (audit-key.ts) and the checkpoint file signed with it; neither is in the database. */
export interface AuditKeyring {
  key: Buffer;
  checkpoints: CheckpointFile;
  /** The checkpoints' clock (tests pass their own). */
  now?: () => string;
}

export type { AuditRecord };

/**
 * The audit trail. `record` is called by every staff write inside the transaction of the change,
 * so the row exists exactly when the change does. `verify` re-walks the keyed chain and compares
 * its head with the latest checkpoint; `checkpoint` (on a timer, see index.ts) moves that forward.
 */
/** How a change's unchained rows reach the chain (index.ts gives the events plugin's and the metric). */
export interface AuditChainOptions {
  /** The events plugin's `atCommit`: a committed change kicks the chainer. */
  atCommit?: CommitScheduler;
  /** Told how long each chainer batch held the chain's lock, in ms. */
  lockHeld?: (ms: number) => void;
  /** Told when a kicked chainer pass failed (its rows wait for the next pass). */
  chainFailed?: (error: unknown) => void;
}

export function createAuditService(audit: AuditRepository, { key, checkpoints, now = nowIso }: AuditKeyring, chain: AuditChainOptions = {}) {
  const chainer = createChainer(audit, key, { lockHeld: chain.lockHeld });
  const kick = () => void chainer.drain().catch((error: unknown) => chain.chainFailed?.(error));
  /** Before a read: links what has committed, if the lock is free; should that fail, the rows show unchained. */
  const linkCommitted = () => chainer.linkIfFree().catch(() => undefined);
  const writer = createChainWriter(audit, key, { atCommit: chain.atCommit, committed: kick });
  const namers = new Map<AuditEntityType, AuditRecordNamer>();
  const macMatches = (row: AuditLogRow) => rowIsKeyed(key, row);

  return {
    /**
     * Appends one row to the chain inside `trx`, the caller's transaction, at once: the chain's
     * lock (PostgreSQL) is then held until the commit, so call it last. Answers the row's id.
     */
    record: writer.append,

    /**
     * Records a row in `trx`'s change, unchained and with no lock (so none is held while the rest
     * of the change, a receipt's layout and signature included, is done); the chainer links it
     * once the change committed (chainer.ts).
     */
    recordAtCommit: writer.recordAtCommit,

    /** Links every committed unchained row (the chainer's timer, the shutdown, tests). */
    chainPending: (): Promise<void> => chainer.drain(),

    /** The module that owns `entityType`'s records says how they are named on the Audit Log (one namer per type). */
    nameRecordsWith(entityType: AuditEntityType, namer: AuditRecordNamer): void {
      if (namers.has(entityType)) throw new Error(`the audit records of type ${entityType} already have a namer`);
      namers.set(entityType, namer);
    },

    async list(query: AuditListQuery): Promise<AuditListResponse> {
      const { page, pageSize, ...filter } = query;
      await linkCommitted();
      const { rows, total } = await audit.page(filter, page, pageSize);
      const items = rows.map(toAuditEntry);
      // One look-up per entity type on the page (at most 100 rows), not one per row.
      const idsByType = new Map<AuditEntityType, Set<string>>();
      for (const item of items) idsByType.set(item.entityType, (idsByType.get(item.entityType) ?? new Set()).add(item.entityId));
      const names = new Map<string, AuditRecordName>();
      await Promise.all(
        [...idsByType].map(async ([type, ids]) => {
          const namer = namers.get(type);
          if (!namer) return;
          const numeric = numericEntityIds(ids);
          if (numeric.length === 0) return;
          for (const [id, name] of await namer(numeric)) names.set(`${type}:${id}`, name);
        }),
      );
      return {
        items: items.map((item) => {
          const record = names.get(`${item.entityType}:${item.entityId}`);
          return record ? { ...item, record } : item;
        }),
        page,
        pageSize,
        total,
      };
    },

    /** Every matching row, newest first, fetched in batches (for the CSV export). */
    async *entries(filter: AuditFilter, batchSize = 500): AsyncGenerator<AuditEntryResponse> {
      let beforeId: number | undefined;
      await linkCommitted();
      for (;;) {
        const rows = await audit.olderThan(filter, beforeId, batchSize);
        for (const row of rows) yield toAuditEntry(row);
        if (rows.length < batchSize) return;
        beforeId = Number(rows[rows.length - 1]?.id);
      }
    },

    /**
     * Brings the checkpoint up to the chain's head, if the head moved and its MAC is right (a
     * forged row is never signed into a checkpoint). On an empty trail the first call writes the
     * first checkpoint (`keyedFrom` 1: every row must carry a MAC). On a trail with rows and no
     * checkpoint file nothing is written (issue 34): a new checkpoint would have to guess where
     * keyed rows start, and guessing the head accepted a history rewritten without the key.
     * verify reports it until the file is restored or an operator adopts the trail (adopt-trail.ts).
     * An unreadable file, or one not signed with this key, is left as it is too.
     */
    async checkpoint(): Promise<CheckpointRead> {
      const head = await audit.last();
      const current = checkpoints.read();
      if (current.status === 'missing') {
        if (head) return current;
        const first: Checkpoint = { keyedFrom: 1, id: null, hash: null, at: now() };
        if (checkpoints.create(first)) return { status: 'valid', checkpoint: first };
        return this.checkpoint();
      }
      if (current.status === 'invalid') return current;
      const { checkpoint } = current;
      if (!head?.hash || placeOf(head) <= (checkpoint.id ?? 0) || !macMatches(head)) return current;
      const next: Checkpoint = { ...checkpoint, id: placeOf(head), hash: head.hash, at: now() };
      checkpoints.replace(next);
      return { status: 'valid', checkpoint: next };
    },

    /**
     * Walks the chain in the order of its places (`chain_id`, or the id of a row chained before
     * migration 0064) and answers the first row that fails, naming it by its id:
     * - 'link': its prevHash is not the stored MAC of the row before it (removed, inserted, reordered);
     * - 'gap': places skip (keyed rows are placed without gaps, see the chainer), so a row was removed;
     * - 'hash': its MAC does not match its content, id and place under the key (edited, or forged by
     *   someone without the key); a row before the checkpoint's keyedFrom may instead carry the
     *   old unkeyed hash, but never after a keyed row;
     * - 'checkpoint': the row the latest checkpoint names differs from it, or the checkpoint file is
     *   not signed with this key (brokenAt 0); 'checkpoint-missing': there is no checkpoint file;
     * - 'truncated': the chain ends before the place the checkpoint names (its newest rows were cut);
     * - 'outside': a row at a place the chain never gives (0 or below). The walk starts at the
     *   lowest place there is, so every row the list and the export show is a row verify has
     *   checked, or one still waiting for the chainer (none of its chain fields set).
     * Committed unchained rows are linked first; any committed meanwhile are counted as `pending`.
     */
    async verify(): Promise<AuditVerifyResponse> {
      await linkCommitted();
      const file = checkpoints.read();
      if (file.status === 'missing') return { intact: false, checked: 0, brokenAt: 0, reason: 'checkpoint-missing' };
      if (file.status === 'invalid') return { intact: false, checked: 0, brokenAt: 0, reason: 'checkpoint' };
      const { checkpoint } = file;
      let expectedPrev = GENESIS_HASH;
      let lastPlace = 0;
      let headId = 0;
      let checked = 0;
      let keyedSeen = false;
      for (;;) {
        const rows = await audit.chainAfter(checked === 0 ? null : lastPlace, VERIFY_BATCH);
        for (const row of rows) {
          const id = Number(row.id);
          const place = placeOf(row);
          const broken = (reason: 'hash' | 'link' | 'gap' | 'checkpoint' | 'outside') => ({ intact: false as const, checked, brokenAt: id, reason });
          if (place <= 0) return broken('outside');
          const mustBeKeyed = keyedSeen || place >= checkpoint.keyedFrom;
          if (mustBeKeyed && place !== lastPlace + 1) return broken('gap');
          // Below the provisional ids every row is chained: one without chain fields was written around the portal.
          if (row.prev_hash === null || row.hash === null) return broken('hash');
          if (row.prev_hash !== expectedPrev) return broken('link');
          if (macMatches(row)) keyedSeen = true;
          else if (mustBeKeyed || rowHash(contentOf(row)) !== row.hash) return broken('hash');
          if (place === checkpoint.id && row.hash !== checkpoint.hash) return broken('checkpoint');
          expectedPrev = row.hash;
          lastPlace = place;
          headId = id;
          checked += 1;
        }
        if (rows.length < VERIFY_BATCH) break;
      }
      const pending = await audit.pendingCount();
      if (checkpoint.id !== null && lastPlace < checkpoint.id) return { intact: false, checked, brokenAt: checkpoint.id, reason: 'truncated' };
      return {
        intact: true,
        checked,
        head: checked === 0 ? null : { id: headId, hash: expectedPrev },
        checkpoint: checkpoint.id === null ? null : { id: checkpoint.id, at: checkpoint.at },
        ...(pending > 0 ? { pending } : {}),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
