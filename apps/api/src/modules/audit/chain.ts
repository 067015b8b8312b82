import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AuditLogRow } from '../../db/schema.js';

/** `prev_hash` of the first row: there is no row before it. */
export const GENESIS_HASH = '0'.repeat(64);

/** The unkeyed layout of rows written before the chain was keyed (verify still accepts them, see service.verify). */
const LAYOUT = 'audit-v1';
/** The keyed layout: an HMAC that also covers the row's id, so a renumbered row fails too. */
const KEYED_LAYOUT = 'audit-v2-hmac-sha256';
/** The keyed layout of a row whose place in the chain is not its id (chained after its commit, migration 0064). */
const PLACED_LAYOUT = 'audit-v3-hmac-sha256';

/**
 * A JSON value as one exact text: object keys sorted at every depth, no whitespace, and what JSON
 * drops (undefined, functions) dropped. Two equal snapshots always give the same bytes, whatever
 * order a service built their keys in, so the text stored is the text hashed.
 */
export function canonicalJson(value: unknown): string {
  const plain: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  return JSON.stringify(sortKeys(plain));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** What a row's hash covers: everything it says, and the hash of the row before it. */
export interface ChainedContent {
  occurredAt: string;
  actorId: number;
  action: string;
  entityType: string;
  entityId: string;
  beforeJson: string | null;
  afterJson: string | null;
  prevHash: string;
}

/** The fields of a stored row that its hash covers. */
export type ChainedRowFields = Pick<AuditLogRow, 'occurred_at' | 'actor_id' | 'action' | 'entity_type' | 'entity_id' | 'before_json' | 'after_json'>;

/** What a row's hash covers, linked to `prevHash` (its own prev_hash, or the one a rewrite gives it). */
export const chainedContentOf = (row: ChainedRowFields, prevHash: string): ChainedContent => ({
  occurredAt: row.occurred_at,
  actorId: Number(row.actor_id),
  action: row.action,
  entityType: row.entity_type,
  entityId: row.entity_id,
  beforeJson: row.before_json,
  afterJson: row.after_json,
  prevHash,
});

/**
 * The unkeyed SHA-256 of rows written before issue 17 (anyone can compute it, so it only proves
 * anything when a keyed row after it links to it). SHA-256 (hex) over the row's fields as a JSON array in a fixed order. A JSON array keeps field
 * boundaries unambiguous (no "ab"+"c" = "a"+"bc"), and it reads back the same on both engines
 * because every field is stored as text or integer, never as a type the driver reformats.
 */
export function rowHash(content: ChainedContent): string {
  return createHash('sha256').update(JSON.stringify([LAYOUT, ...contentFields(content)])).digest('hex');
}

/** A row's content in the fixed order both the unkeyed hash and the MAC cover. */
function contentFields(content: ChainedContent): unknown[] {
  return [
    content.occurredAt,
    content.actorId,
    content.action,
    content.entityType,
    content.entityId,
    content.beforeJson,
    content.afterJson,
    content.prevHash,
  ];
}

/**
 * HMAC-SHA256 (hex) of a row under the audit key, which is never in the database (audit-key.ts):
 * whoever can only write to the database cannot produce a row that verifies. It covers the id,
 * every field and the previous row's MAC, in the same unambiguous JSON-array form as rowHash.
 */
export function rowMac(key: Buffer, id: number, content: ChainedContent): string {
  return createHmac('sha256', key).update(JSON.stringify([KEYED_LAYOUT, id, ...contentFields(content)])).digest('hex');
}

/**
 * The MAC of a row at `place` in the chain: rowMac where the place is the row's id (every row
 * chained before migration 0064, and most after it), else an HMAC that covers both, so neither
 * the place nor the id the Audit Log shows can be changed.
 */
export function chainMac(key: Buffer, place: number, id: number, content: ChainedContent): string {
  if (place === id) return rowMac(key, id, content);
  return createHmac('sha256', key).update(JSON.stringify([PLACED_LAYOUT, place, id, ...contentFields(content)])).digest('hex');
}

/** Compares two hex MACs in constant time (a timing difference must not reveal a MAC byte by byte). */
export function sameMac(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
