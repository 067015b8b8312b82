import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AuditConfig, TwoFactorConfig } from '../../../config.js';

/**
 * Where the TOTP secrets' key lives when TWO_FACTOR_KEY is unset: TWO_FACTOR_KEY_FILE, else beside
 * the audit chain's key (`<db>.audit-hmac.key` -> `<db>.two-factor.key`), so the keys a backup
 * must keep apart from the database sit in one folder.
 */
export function twoFactorKeyFile(twoFactor: Pick<TwoFactorConfig, 'keyFile'>, audit: Pick<AuditConfig, 'keyFile'>): string {
  if (twoFactor.keyFile) return twoFactor.keyFile;
  const auditName = basename(audit.keyFile);
  const name = auditName.endsWith('audit-hmac.key') ? `${auditName.slice(0, -'audit-hmac.key'.length)}two-factor.key` : 'two-factor.key';
  return join(dirname(audit.keyFile), name);
}

/**
 * The AES-256 key of the TOTP secrets. It is never in the database: a stolen backup alone reads
 * no secret. TWO_FACTOR_KEY wins; otherwise the file is read, or on first use 256 random bits are
 * written into it (hex, mode 0600, folder 0700; `wx` so two processes starting at once agree).
 * The text (variable or file) is hashed to the 32 bytes AES-256 takes.
 */
export function loadTwoFactorKey(key: string | null, file: string): Buffer {
  let text = key;
  if (text === null) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    text = readFileSync(file, 'utf8').trim();
    if (text.length < 32) throw new Error(`The two-factor key file ${file} holds fewer than 32 characters`);
  }
  return createHash('sha256').update(text, 'utf8').digest();
}

const VERSION = 'v1';

/**
 * AES-256-GCM with the account id as associated data: a ciphertext copied onto another account's
 * row does not decrypt, and any change to it is detected. Stored as `v1.<iv>.<ciphertext>.<tag>`.
 */
export function createSecretBox(loadKey: () => Buffer) {
  let key: Buffer | undefined;
  // Read on first use: servers that never see a two-factor set-up never create the key file.
  const currentKey = () => (key ??= loadKey());
  return {
    seal(plain: string, accountId: number): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
      cipher.setAAD(Buffer.from(`account:${accountId}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed: string, accountId: number): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('Unreadable two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`account:${accountId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
