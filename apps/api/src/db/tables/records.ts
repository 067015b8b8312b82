import type { AuditAction, AuditEntityType, NotificationCategory } from '@portal/contract';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { Flag } from './columns.js';

// What the portal keeps of each change: the audit, notifications and receipts modules' tables. Conventions: ../schema.ts.

/** Append-only (triggers refuse UPDATE and DELETE); see modules/audit. */
export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: string;
  actor_id: number;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  /** The three chain fields are null while the row waits for the chainer (modules/audit/chainer.ts). */
  prev_hash: string | null;
  hash: string | null;
  /** Its place in the chain; null on a row chained before migration 0064, whose place is its id. */
  chain_id: number | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

/** The transactional outbox of emails (modules/notifications). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  category: string;
  payload_json: string;
  created_at: string;
  available_at: string;
  status: Generated<'pending' | 'sent' | 'skipped' | 'failed'>;
  attempts: Generated<number>;
  locked_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  sent_at: string | null;
  dedupe_key: string | null;
  once_key: string | null;
}
export type NotificationOutboxRow = Selectable<NotificationOutboxTable>;

/** The portal's notification list (modules/notifications): one entry per event. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  payload_json: string;
  created_at: string;
  read_at: string | null;
  /** 1: a reply whose email the worker has not queued yet (migration 0023); otherwise null. */
  email_pending: Flag | null;
}
export type NotificationsRow = Selectable<NotificationsTable>;

/** Email on (1) or off (0) per person and category; no row: on. */
export interface NotificationSettingsTable {
  user_id: number;
  category: NotificationCategory;
  email: Flag;
  updated_at: string;
}
