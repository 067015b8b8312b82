import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntityType,
  type AuditEntryResponse,
  type AuditListQuery,
  type AuditListResponse,
  type AuditRecordName,
  type AuditSnapshot,
  type AuditVerifyResponse,
  fullName,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, nowIso } from '../../db/portable.js';
import type { AuditLogRow } from '../../db/schema.js';
import { type ChainedContent, canonicalJson, GENESIS_HASH, rowHash, rowMac, sameMac } from './chain.js';
import type { Checkpoint, CheckpointFile } from './checkpoints.js';
import type { AuditFilter, AuditRepository, AuditRowWithActor } from './repository.js';

/** What a staff action reports about itself. */
export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | string;
  /** The changed fields before and after (null: nothing before a creation / after a removal). */
  before: AuditSnapshot;
  after: AuditSnapshot;
}

/**
 * Names the records of one entity type for the Audit Log: given record ids, answers a name for each
 * that still exists. Registered by the module that owns the records, so the audit module reads no
 * other module's tables.
 */
export type AuditRecordNamer = (ids: readonly number[]) => Promise<ReadonlyMap<number, AuditRecordName>>;

/** The ids of a page that are whole numbers (the trail keeps them as text; a receipt's is a UUID). */
function numericEntityIds(entityIds: Iterable<string>): number[] {
  return [...entityIds].filter((id) => /^[1-9]\d{0,9}$/.test(id)).map(Number).filter((id) => id <= 2_147_483_647);
}

/**
 * Key of the PostgreSQL advisory lock that makes "read the last hash, insert the next row" one
 * step across every API process. Any fixed 64-bit number; this one spells "audit" in ASCII.
 */
const CHAIN_LOCK_KEY = 0x6175646974;
const VERIFY_BATCH = 1_000;

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

const contentOf = (row: AuditLogRow): ChainedContent => ({
  occurredAt: row.occurred_at,
  actorId: Number(row.actor_id),
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  beforeJson: row.before_json,
  afterJson: row.after_json,
  prevHash: row.prev_hash,
});

/** The audit key (audit-key.ts) and the checkpoint file signed with it; neither is in the database. */
export interface AuditKeyring {
  key: Buffer;
  checkpoints: CheckpointFile;
  /** The checkpoints' clock (tests pass their own). */
  now?: () => string;
}

/**
 * The audit trail. `record` is called by every staff write inside the transaction of the change,
 * so the row exists exactly when the change does. `verify` re-walks the keyed chain and compares
 * its head with the latest checkpoint; `checkpoint` (on a timer, see index.ts) moves that forward.
 */
export function createAuditService(audit: AuditRepository, { key, checkpoints, now = nowIso }: AuditKeyring) {
  const namers = new Map<AuditEntityType, AuditRecordNamer>();
  const macMatches = (row: AuditLogRow) => sameMac(rowMac(key, Number(row.id), contentOf(row)), row.hash);

  return {
    /**
     * Appends one row to the chain inside `trx`, the caller's transaction. Call it last in that
     * transaction: on PostgreSQL it takes a transaction-scoped advisory lock (released at commit
     * or rollback) before reading the newest hash, so writers in any number of API processes
     * append one after another and never fork the chain; every audited transaction therefore
     * waits for the previous one to commit. SQLite runs one write transaction at a time anyway.
     * The transaction must be READ COMMITTED (the default): its read must see the last commit.
     */
    async record(trx: Db, entry: AuditRecord): Promise<number> {
      if (!trx.isTransaction) {
        throw new Error('audit.record needs the transaction of the change it records (db.transaction().execute(trx => ...))');
      }
      if (!AUDIT_ACTIONS.includes(entry.action)) throw new Error(`Unknown audit action "${String(entry.action)}"`);
      if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY})`.execute(trx);
      const last = await audit.last(trx);
      const prevHash = last?.hash ?? GENESIS_HASH;
      // The id is the next number, not the sequence's: under the lock the chain's ids run without
      // gaps (a rolled-back sequence value would leave one), so verify can treat any gap as a removal.
      const id = (last ? Number(last.id) : 0) + 1;
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
          hash: rowMac(key, id, content),
        },
        trx,
      );
      return Number(row.id);
    },

    /** The module that owns `entityType`'s records says how they are named on the Audit Log (one namer per type). */
    nameRecordsWith(entityType: AuditEntityType, namer: AuditRecordNamer): void {
      if (namers.has(entityType)) throw new Error(`the audit records of type ${entityType} already have a namer`);
      namers.set(entityType, namer);
    },

    async list(query: AuditListQuery): Promise<AuditListResponse> {
      const { page, pageSize, ...filter } = query;
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
      for (;;) {
        const rows = await audit.olderThan(filter, beforeId, batchSize);
        for (const row of rows) yield toAuditEntry(row);
        if (rows.length < batchSize) return;
        beforeId = Number(rows[rows.length - 1]?.id);
      }
    },

    /**
     * Brings the checkpoint up to the chain's head, if the head moved and its MAC is right (a
     * forged row is never signed into a checkpoint). The first call on a database writes the first
     * checkpoint, and with it `keyedFrom`: rows before it were written unkeyed by an older
     * version and are accepted as such (they stay anchored: the first keyed row's MAC covers the
     * last unkeyed row's hash). Answers the checkpoint now on file, or undefined when the file is
     * unreadable or not signed with this key (verify reports that; it is not overwritten).
     */
    async checkpoint(): Promise<Checkpoint | undefined> {
      const head = await audit.last();
      const current = checkpoints.read();
      if (current.status === 'missing') {
        const first: Checkpoint = {
          keyedFrom: head ? Number(head.id) + 1 : 1,
          id: head ? Number(head.id) : null,
          hash: head?.hash ?? null,
          at: now(),
        };
        if (checkpoints.create(first)) return first;
        return this.checkpoint();
      }
      if (current.status === 'invalid') return undefined;
      const { checkpoint } = current;
      if (!head || Number(head.id) <= (checkpoint.id ?? 0) || !macMatches(head)) return checkpoint;
      const next: Checkpoint = { ...checkpoint, id: Number(head.id), hash: head.hash, at: now() };
      checkpoints.replace(next);
      return next;
    },

    /**
     * Walks the chain in id order and answers the first row that fails:
     * - 'link': its prevHash is not the stored MAC of the row before it (removed, inserted, reordered);
     * - 'gap': ids skip (keyed rows are numbered without gaps, see record), so a row was removed;
     * - 'hash': its MAC does not match its content under the key (edited, or forged by someone
     *   without the key); a row before the checkpoint's keyedFrom may instead carry the old
     *   unkeyed hash, but never after a keyed row;
     * - 'checkpoint': the row the latest checkpoint names differs from it, or the checkpoint file is
     *   missing or not signed with this key (brokenAt 0);
     * - 'truncated': the chain ends before the row the checkpoint names (its newest rows were cut).
     */
    async verify(): Promise<AuditVerifyResponse> {
      const file = checkpoints.read();
      if (file.status !== 'valid') return { intact: false, checked: 0, brokenAt: 0, reason: 'checkpoint' };
      const { checkpoint } = file;
      let expectedPrev = GENESIS_HASH;
      let lastId = 0;
      let checked = 0;
      let keyedSeen = false;
      for (;;) {
        const rows = await audit.chainAfter(lastId, VERIFY_BATCH);
        for (const row of rows) {
          const id = Number(row.id);
          const broken = (reason: 'hash' | 'link' | 'gap' | 'checkpoint') => ({ intact: false as const, checked, brokenAt: id, reason });
          const mustBeKeyed = keyedSeen || id >= checkpoint.keyedFrom;
          if (mustBeKeyed && id !== lastId + 1) return broken('gap');
          if (row.prev_hash !== expectedPrev) return broken('link');
          if (macMatches(row)) keyedSeen = true;
          else if (mustBeKeyed || rowHash(contentOf(row)) !== row.hash) return broken('hash');
          if (id === checkpoint.id && row.hash !== checkpoint.hash) return broken('checkpoint');
          expectedPrev = row.hash;
          lastId = id;
          checked += 1;
        }
        if (rows.length < VERIFY_BATCH) break;
      }
      if (checkpoint.id !== null && lastId < checkpoint.id) return { intact: false, checked, brokenAt: checkpoint.id, reason: 'truncated' };
      return {
        intact: true,
        checked,
        head: checked === 0 ? null : { id: lastId, hash: expectedPrev },
        checkpoint: checkpoint.id === null ? null : { id: checkpoint.id, at: checkpoint.at },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
