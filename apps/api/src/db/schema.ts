import type { ReceiptKind } from '@portal/contract';
import type { Generated } from 'kysely';
import type { UsersTable, UsernameSuffixesTable, UsernameTextCountsTable, UserLabelsTable, AuthCountersTable, RevokedTokensTable, TwoFactorTotpTable, TwoFactorRecoveryCodesTable, PasskeysTable, TwoFactorChallengesTable } from './tables/accounts.js';
import type { LettersTable, ConversationsTable, MessagesTable, MessageReadsTable } from './tables/letters.js';
import type { FinancialObligationsTable, CaseResolutionsTable, VehicleRegistrationsTable, CaseStatusHistoryTable, DocumentsTable, DocumentChunksTable } from './tables/cases.js';
import type { AuditLogTable, NotificationOutboxTable, NotificationsTable, NotificationSettingsTable } from './tables/records.js';

export type * from './tables/accounts.js';
export type * from './tables/letters.js';
export type * from './tables/cases.js';
export type * from './tables/records.js';
export type { Flag } from './tables/columns.js';
import type { PasswordResetsTable } from './schema-password-resets.js';
import type { LegalTermsTables } from './schema-legal-terms.js';
import type { DeskTables } from './schema-desk.js';
import type { CaseAnswersTables } from './schema-case-answers.js';
import type { LateTermsTables } from './schema-late-terms.js';
import type { PerformanceTables } from './schema-performance.js';
import type { TimelineTables } from './schema-timeline.js';
import type { HandoffTables } from './schema-handoffs.js';

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
  refused_at: string | null;
  refused_by: number | null;
  refusal_reason: string | null;
}

export interface Database extends LegalTermsTables, DeskTables, TimelineTables, PerformanceTables, LateTermsTables, CaseAnswersTables, HandoffTables {
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
  password_resets: PasswordResetsTable;
}
