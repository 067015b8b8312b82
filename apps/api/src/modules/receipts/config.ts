import { defineSlice, optionalSecret, optionalText } from '../../config-kit.js';
import { fromRepoRoot } from '../../paths.js';

/** Signed receipts (README "Security"): whose name they carry and the key they are sealed with. */
export interface ReceiptsConfig {
  officeName: string;
  /** RECEIPT_SIGNING_P12 (absolute) and its password; null: a self-signed key kept in keysDir. */
  signingP12: { file: string; password: string } | null;
  /** Where the generated self-signed key lives (outside the database, mode 0600). */
  keysDir: string;
}

export const DEFAULT_OFFICE_NAME = 'City Service Portal';
export const DEFAULT_RECEIPT_KEYS_DIR = 'data/keys';

export const receiptsSlice = defineSlice({
  OFFICE_NAME: optionalText,
  RECEIPT_SIGNING_P12: optionalText,
  RECEIPT_SIGNING_P12_PASSWORD: optionalSecret,
  RECEIPT_KEYS_DIR: optionalText,
})(
  (env): { receipts: ReceiptsConfig } => ({
    receipts: {
      officeName: env.OFFICE_NAME ?? DEFAULT_OFFICE_NAME,
      signingP12: env.RECEIPT_SIGNING_P12 ? { file: fromRepoRoot(env.RECEIPT_SIGNING_P12), password: env.RECEIPT_SIGNING_P12_PASSWORD ?? '' } : null,
      keysDir: fromRepoRoot(env.RECEIPT_KEYS_DIR ?? DEFAULT_RECEIPT_KEYS_DIR),
    },
  }),
);
