import type {
  AuditAction,
  AuditEntityType,
  CaseStatus,
  CaseType,
  Language,
  NotificationCategory,
  ConversationStatus,
  Department,
  PaymentStatus,
  ReceiptKind,
  Role,
  VehicleType,
} from '@portal/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Column conventions, the same on SQLite and PostgreSQL (see migrations/portable.ts):
 * - ids: integer identities (`Generated<number>`), created by the `idColumn` helper;
 * - timestamps: ISO-8601 UTC text written by the application (`nowIso()`, e.g.
 *   2025-03-01T09:15:00.000Z); they sort as text and read back identically on both engines;
 * - calendar dates: YYYY-MM-DD text;
 * - booleans: integer 0/1 with a CHECK (better-sqlite3 cannot bind JS booleans); repositories turn
 *   them into booleans with `fromFlag` / `toFlag`;
 * - emails are stored lower-cased; usernames are unique regardless of case.
 */

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

export interface LettersTable {
  id: Generated<number>;
  user_id: number;
  recipient: Department;
  subject: string;
  content: string;
  sent_at: string;
  created_at: string;
}

export interface ConversationsTable {
  id: Generated<number>;
  letter_id: number;
  user_id: number;
  employee_id: number | null;
  status: Generated<ConversationStatus>;
  created_at: string;
  taken_at: string | null;
  resolved_date: string | null;
}
export type ConversationRow = Selectable<ConversationsTable>;

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  content: string;
  sent_at: string;
}

/** How far each participant has read a conversation (the newest message id they saw). */
export interface MessageReadsTable {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
  updated_at: string;
}

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

/** Secrets the server generates for itself (the JWT key when JWT_SECRET is unset). */
export interface AuthSecretsTable {
  name: string;
  value: string;
  created_at: string;
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

/** Append-only (triggers refuse UPDATE and DELETE); see modules/audit. */
export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: string;
  actor_id: number;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  prev_hash: string;
  hash: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

/** Money in integer grosze; PostgreSQL hands a bigint back as text, SQLite as a number. */
export interface FinancialObligationsTable {
  id: Generated<number>;
  interest_id: number;
  amount_grosze: ColumnType<number | string, number, number>;
  due_date: string;
  issue_date: string;
  payment_status: PaymentStatus;
  description: string | null;
  created_by: number;
  created_at: string;
}
export type FinancialObligationRow = Selectable<FinancialObligationsTable>;
export interface CaseResolutionsTable {
  id: Generated<number>;
  user_id: number;
  case_type: CaseType;
  status: Generated<CaseStatus>;
  comments: string | null;
  submission_date: string;
  status_changed_at: string;
}
export type CaseResolutionRow = Selectable<CaseResolutionsTable>;

export interface VehicleRegistrationsTable {
  id: Generated<number>;
  case_id: number;
  number_plate: string;
  make: string;
  model: string;
  vehicle_year: number;
  registration_date: string;
  color: string;
  vin: string;
  vehicle_type: VehicleType;
}
export type VehicleRegistrationRow = Selectable<VehicleRegistrationsTable>;

export interface CaseStatusHistoryTable {
  id: Generated<number>;
  case_id: number;
  status: CaseStatus;
  changed_by: number | null;
  changed_at: string;
  /** The clerk's message to the applicant (migration 0013); null when none was written. */
  reason: string | null;
}

/** A document's facts; its bytes are in `document_chunks`. Only `complete` documents exist for clients. */
export interface DocumentsTable {
  id: Generated<number>;
  uuid: string;
  case_id: number;
  uploaded_by: number;
  name: string;
  content_type: string;
  size: Generated<number>;
  sha256: string | null;
  created_at: string;
  complete: Generated<Flag>;
}
export type DocumentRow = Selectable<DocumentsTable>;

/** Blob on SQLite, bytea on PostgreSQL: both drivers hand back a Buffer. */
export interface DocumentChunksTable {
  document_id: number;
  seq: number;
  data: Buffer;
}

/** The transactional outbox of emails (modules/notifications). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  category: string;
  payload_json: string;
  created_at: string;
  available_at: string;
  status: Generated<'pending' | 'sent' | 'skipped' | 'failed'>;
  attempts: Generated<number>;
  locked_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  sent_at: string | null;
  dedupe_key: string | null;
  once_key: string | null;
}
export type NotificationOutboxRow = Selectable<NotificationOutboxTable>;

/** The portal's notification list (modules/notifications): one entry per event. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  payload_json: string;
  created_at: string;
  read_at: string | null;
  /** 1: a reply whose email the worker has not queued yet (migration 0023); otherwise null. */
  email_pending: Flag | null;
}
export type NotificationsRow = Selectable<NotificationsTable>;

/** Email on (1) or off (0) per person and category; no row: on. */
export interface NotificationSettingsTable {
  user_id: number;
  category: NotificationCategory;
  email: Flag;
  updated_at: string;
}

export type Flag = 0 | 1;

/** Every table the API knows. A module that adds a migration adds its table here. */
/** Signed receipts as issued (modules/receipts; migration 0009). */
export interface ReceiptsTable {
  id: Generated<number>;
  kind: ReceiptKind;
  subject_type: 'conversation' | 'case';
  subject_id: number;
  owner_id: number;
  reference: string;
  language: 'en' | 'pl';
  issued_at: string;
  sha256: string;
  pdf: Buffer;
}

/** One row per issued token (modules/sessions; migration 0016); ending one is a revoked_tokens row. */
export interface SessionsTable {
  jti: string;
  user_id: number;
  started_at: string;
  last_active_at: string;
  expires_at: string;
  user_agent: string;
  address: string;
}

/** A citizen's request to close their account, and its approval (modules/my-data; migration 0016). */
export interface AccountClosuresTable {
  user_id: number;
  requested_at: string;
  closed_at: string | null;
  closed_by: number | null;
}

export interface Database {
  users: UsersTable;
  username_suffixes: UsernameSuffixesTable;
  username_text_counts: UsernameTextCountsTable;
  user_labels: UserLabelsTable;
  letters: LettersTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  auth_counters: AuthCountersTable;
  revoked_tokens: RevokedTokensTable;
  auth_secrets: AuthSecretsTable;
  audit_log: AuditLogTable;
  financial_obligations: FinancialObligationsTable;
  case_resolutions: CaseResolutionsTable;
  vehicle_registrations: VehicleRegistrationsTable;
  case_status_history: CaseStatusHistoryTable;
  documents: DocumentsTable;
  document_chunks: DocumentChunksTable;
  receipts: ReceiptsTable;
  notification_outbox: NotificationOutboxTable;
  notification_settings: NotificationSettingsTable;
  notifications: NotificationsTable;
  two_factor_totp: TwoFactorTotpTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  passkeys: PasskeysTable;
  two_factor_challenges: TwoFactorChallengesTable;
  sessions: SessionsTable;
  account_closures: AccountClosuresTable;
}
