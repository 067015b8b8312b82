import { keyFileBeside, loadOrCreateKeyFile } from '../../key-file.js';

/** Where the session key lives when JWT_SECRET is unset: `<db>.session.key`, beside the audit key. */
export const sessionKeyFile = (audit: { keyFile: string }): string => keyFileBeside(audit.keyFile, 'session');

/**
 * The key session tokens are signed with (and the unsubscribe links' key is derived from):
 * JWT_SECRET, else the key file (key-file.ts), generated on the first start. Never the database:
 * whoever holds a copy of it or a backup must not be able to mint a token. Every API process on
 * one database reads the same file (or is given the same JWT_SECRET).
 */
export function loadSessionKey(config: { jwtSecret: string | null; audit: { keyFile: string } }): string {
  return config.jwtSecret ?? loadOrCreateKeyFile(sessionKeyFile(config.audit), 'session');
}
