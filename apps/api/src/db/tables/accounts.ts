import type { Language, Role } from '@portal/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag } from './columns.js';

// Accounts and their sign-in: the users, sessions, auth and my-data modules' tables. Conventions: ../schema.ts.

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  phone_number: string;
  date_of_birth: string;
  enabled: Generated<Flag>;
  created_at: string;
  /** In every token; deactivation increments it, so every earlier token stops working. */
  token_generation: Generated<number>;
  /** Look-alike form of the username (db/username-skeleton.ts), unique. */
  username_skeleton: string | null;
  /** The username lower-cased by the application: prefix ranges, paging order. */
  username_lower: string;
  /** The language of the account's emails (web language switch); null: English. */
  language: Generated<Language | null>;
}

/** Every suffix of every lower-cased username: "contains q" is a range of suffixes (users module). */
export interface UsernameSuffixesTable {
  suffix: string;
  user_id: number;
  /** The user's role and lower-cased username (migration 0008): a page of matches from the index alone. */
  role: string;
  username_lower: string;
}

/** How many username_suffixes rows start with `text` (texts of 1 to 6 characters; migration 0008). */
export interface UsernameTextCountsTable {
  text: string;
  n: number;
}

/** The distinct Create Obligations labels per role (first two letters of usernames, upper case). */
export interface UserLabelsTable {
  role: Role;
  label: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Attempt counters of login throttling and rate limits (modules/auth/attempt-counters.ts). */
export interface AuthCountersTable {
  key: string;
  count: number;
  expires_at: string;
}

/** Tokens ended by POST /logout, kept until they would have expired anyway. */
export interface RevokedTokensTable {
  jti: string;
  expires_at: string;
}

/** An account's authenticator app (modules/auth/two-factor); the secret is encrypted, its key outside the database. */
export interface TwoFactorTotpTable {
  user_id: number;
  secret_enc: string;
  created_at: string;
  /** Null while the set-up waits for its first code. */
  confirmed_at: string | null;
  /** The newest TOTP step accepted: a code of that step or an earlier one is refused (no replay). */
  last_time_step: Generated<number>;
}

/** One-use recovery codes, as SHA-256 hex. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** WebAuthn credentials; `id` and `public_key` base64url. */
export interface PasskeysTable {
  id: string;
  user_id: number;
  public_key: string;
  counter: Generated<number>;
  /** Comma-separated transports the browser reported. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A login's second step or a WebAuthn ceremony waiting for its answer; one use each. */
export interface TwoFactorChallengesTable {
  id: string;
  purpose: 'login' | 'passkey-login' | 'passkey-register';
  user_id: number | null;
  webauthn_challenge: string | null;
  expires_at: string;
}
