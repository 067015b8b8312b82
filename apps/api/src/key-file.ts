import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A generated key file holds 256 random bits as hex; a hand-written one at least this many characters. */
export const KEY_FILE_MIN_LENGTH = 32;

/**
 * THE way a key that must never be in the database is kept when its variable is unset (audit
 * chain, two-factor secrets, session tokens): the file is read, or on first use 256 random bits
 * are written into it (hex, mode 0600, its folder 0700). `wx` makes the creation exclusive: when
 * two processes start at once, one writes and both read what it wrote. The file's text and the
 * variable are the same kind of value, so a key can move from one to the other.
 */
export function loadOrCreateKeyFile(file: string, what: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < KEY_FILE_MIN_LENGTH) throw new Error(`The ${what} key file ${file} holds fewer than ${KEY_FILE_MIN_LENGTH} characters`);
  return text;
}

/**
 * The file of another generated key beside the audit chain's (`<db>.audit-hmac.key` ->
 * `<db>.<kind>.key`), so the keys a backup must keep apart from the database sit in one folder.
 */
export function keyFileBeside(auditKeyFile: string, kind: string): string {
  const auditName = basename(auditKeyFile);
  const name = auditName.endsWith('audit-hmac.key') ? `${auditName.slice(0, -'audit-hmac.key'.length)}${kind}.key` : `${kind}.key`;
  return join(dirname(auditKeyFile), name);
}
