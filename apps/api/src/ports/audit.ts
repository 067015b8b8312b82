import type { AuditAction, AuditEntityType, AuditRecordName, AuditSnapshot } from '@portal/contract';
import type { Db } from '../db/database.js';

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

/** What other modules ask of the audit module (modules/audit/service.ts satisfies it). */
export interface AuditPort {
  /** Appends one row to the chain inside `trx` at once (the chain's lock is then held until the commit): seeds and scripts, never a request. */
  record(trx: Db, entry: AuditRecord): Promise<number>;
  /** Records a row in `trx`'s change, unchained and with no lock; the audit chainer links it after the commit. */
  recordAtCommit(trx: Db, entry: AuditRecord): Promise<void>;
  /** The module that owns `entityType`'s records says how the Audit Log names them. */
  nameRecordsWith(entityType: AuditEntityType, namer: AuditRecordNamer): void;
}
