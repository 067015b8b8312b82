import type { Generated } from 'kysely';

/** Admin-sent password-reset links (modules/auth/password; migration 0028): only each link's hash. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the link's secret, hex. */
  token_hash: string;
  /** The admin who sent it. */
  created_by: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
