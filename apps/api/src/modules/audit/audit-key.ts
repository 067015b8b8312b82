import type { AuditConfig } from './config.js';
import { loadOrCreateKeyFile } from '../../key-file.js';

/**
 * The key of the audit chain's HMAC. It must never be in the database: whoever can write to the
 * database (its owner, a stolen backup restored elsewhere) could otherwise forge rows that verify.
 * AUDIT_HMAC_KEY wins; otherwise the key file (key-file.ts: read, or generated on the first start).
 */
export function loadAuditKey(config: Pick<AuditConfig, 'key' | 'keyFile'>): Buffer {
  if (config.key !== null) return Buffer.from(config.key, 'utf8');
  return Buffer.from(loadOrCreateKeyFile(config.keyFile, 'audit'), 'utf8');
}
