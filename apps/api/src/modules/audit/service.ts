import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntityType,
  type AuditEntryResponse,
  type AuditListQuery,
  type AuditListResponse,
  type AuditSnapshot,
  type AuditVerifyResponse,
  fullName,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf, nowIso } from '../../db/portable.js';
import { canonicalJson, GENESIS_HASH, rowHash } from './chain.js';
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

/**
 * The audit trail. `record` is called by every staff write inside the transaction of the change,
 * so the row exists exactly when the change does. `verify` re-walks the hash chain.
 */
export function createAuditService(audit: AuditRepository) {
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
      const prevHash = (await audit.lastHash(trx)) ?? GENESIS_HASH;
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
          occurred_at: content.occurredAt,
          actor_id: content.actorId,
          action: content.action,
          entity_type: content.entityType,
          entity_id: content.entityId,
          before_json: content.beforeJson,
          after_json: content.afterJson,
          prev_hash: prevHash,
          hash: rowHash(content),
        },
        trx,
      );
      return Number(row.id);
    },

    async list(query: AuditListQuery): Promise<AuditListResponse> {
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await audit.page(filter, page, pageSize);
      return { items: rows.map(toAuditEntry), page, pageSize, total };
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
     * Walks the chain in id order. Each row must link to the stored hash of the row before it
     * (else a row was removed, inserted or reordered: 'link') and its stored hash must match its
     * content (else the row was edited: 'hash'). Answers the first row that fails.
     */
    async verify(): Promise<AuditVerifyResponse> {
      let expectedPrev = GENESIS_HASH;
      let lastId = 0;
      let checked = 0;
      for (;;) {
        const rows = await audit.chainAfter(lastId, VERIFY_BATCH);
        for (const row of rows) {
          const id = Number(row.id);
          if (row.prev_hash !== expectedPrev) return { intact: false, checked, brokenAt: id, reason: 'link' };
          const recomputed = rowHash({
            occurredAt: row.occurred_at,
            actorId: Number(row.actor_id),
            action: row.action,
            entityType: row.entity_type,
            entityId: row.entity_id,
            beforeJson: row.before_json,
            afterJson: row.after_json,
            prevHash: row.prev_hash,
          });
          if (recomputed !== row.hash) return { intact: false, checked, brokenAt: id, reason: 'hash' };
          expectedPrev = row.hash;
          lastId = id;
          checked += 1;
        }
        if (rows.length < VERIFY_BATCH) break;
      }
      return { intact: true, checked, head: checked === 0 ? null : { id: lastId, hash: expectedPrev } };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
