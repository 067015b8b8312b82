import { join } from 'node:path';
import { defineSlice, optionalText, wholeNumber } from '../../config-kit.js';
import { fromRepoRoot } from '../../paths.js';

/** The keyed audit chain (README "Security"). Both files live outside the database. */
export interface AuditConfig {
  /** AUDIT_HMAC_KEY, or null: the key is read from `keyFile`, generated into it (mode 0600) on the first start. */
  key: string | null;
  keyFile: string;
  /** The signed checkpoint of the chain's head (id + MAC) that reveals a cut tail. */
  checkpointFile: string;
  /** How often the checkpoint follows the head. */
  checkpointIntervalMs: number;
}

const AUDIT_KEY_MIN_LENGTH = 32;

/** Where the database's keys live by default (config.ts derives it from DATABASE_URL). */
export interface KeysHome {
  folder: string;
  /** Names the files after the database, so two databases never share a checkpoint. */
  name: string;
}

export const auditSlice = defineSlice({
  AUDIT_HMAC_KEY: optionalText,
  AUDIT_HMAC_KEY_FILE: optionalText,
  AUDIT_KEYS_DIR: optionalText,
  AUDIT_CHECKPOINT_FILE: optionalText,
  AUDIT_CHECKPOINT_SECONDS: wholeNumber(1, 24 * 60 * 60),
})((env, home: KeysHome, problems): { audit: AuditConfig } => {
  const folder = env.AUDIT_KEYS_DIR ? fromRepoRoot(env.AUDIT_KEYS_DIR) : home.folder;
  const key = env.AUDIT_HMAC_KEY ?? null;
  if (key !== null && key.length < AUDIT_KEY_MIN_LENGTH) {
    problems.push(`AUDIT_HMAC_KEY must be at least ${AUDIT_KEY_MIN_LENGTH} characters (or unset: a random one is generated into a file)`);
  }
  return {
    audit: {
      key,
      keyFile: env.AUDIT_HMAC_KEY_FILE ? fromRepoRoot(env.AUDIT_HMAC_KEY_FILE) : join(folder, `${home.name}.audit-hmac.key`),
      checkpointFile: env.AUDIT_CHECKPOINT_FILE ? fromRepoRoot(env.AUDIT_CHECKPOINT_FILE) : join(folder, `${home.name}.audit-checkpoint.json`),
      checkpointIntervalMs: (env.AUDIT_CHECKPOINT_SECONDS ?? 60) * 1000,
    },
  };
});
