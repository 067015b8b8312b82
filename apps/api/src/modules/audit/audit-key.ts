import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuditConfig } from '../../config.js';

/**
 * The key of the audit chain's HMAC. It must never be in the database: whoever can write to the
 * database (its owner, a stolen backup restored elsewhere) could otherwise forge rows that verify.
 * AUDIT_HMAC_KEY wins; otherwise the key file is read, or on the first start 256 random bits are
 * written into it (hex, mode 0600, its folder 0700). `wx` makes the creation exclusive: when two
 * processes start at once, one writes and both read what it wrote. The file's text and the
 * variable are the same kind of value, so a key can move from one to the other.
 */
export function loadAuditKey(config: Pick<AuditConfig, 'key' | 'keyFile'>): Buffer {
  if (config.key !== null) return Buffer.from(config.key, 'utf8');
  mkdirSync(dirname(config.keyFile), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(config.keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(config.keyFile, 'utf8').trim();
  if (text.length < 32) throw new Error(`The audit key file ${config.keyFile} holds fewer than 32 characters`);
  return Buffer.from(text, 'utf8');
}
