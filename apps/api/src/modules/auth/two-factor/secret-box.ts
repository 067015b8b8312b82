import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadOrCreateKeyFile } from '../../../key-file.js';

/**
 * The AES-256 key of the TOTP secrets. It is never in the database: a stolen backup alone reads
 * no secret. TWO_FACTOR_KEY wins; otherwise the file (key-file.ts: read, or generated on first use).
 * The text (variable or file) is hashed to the 32 bytes AES-256 takes.
 */
export function loadTwoFactorKey(key: string | null, file: string): Buffer {
  const text = key ?? loadOrCreateKeyFile(file, 'two-factor');
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
