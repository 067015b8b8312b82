import type { CaseStatus, CaseType, PaymentStatus, VehicleType } from '@portal/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Flag } from './columns.js';

// Cases, their documents and the obligations: the cases and obligations modules' tables. Conventions: ../schema.ts.

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
  /** The term in months (migration 0033): the type's when submitted, longer once particularly complicated. */
  term_months: Generated<number>;
  /** The new due date of the latest delay notice or prompt answer (KPA art. 36; migration 0047), or null. */
  notified_due_date: Generated<string | null>;
  complicated_reason: Generated<string | null>;
  /** The clerk who set it IN_PROGRESS (issue 33; migration 0036); null while nobody has. */
  handler_id: Generated<number | null>;
  /** Staff's first status change (migration 0056; the dashboard's time to first reply); null before. */
  first_action_at: Generated<string | null>;
  /** The first decision, RESOLVED or REJECTED (migration 0056); kept when a case is reopened. */
  decided_at: Generated<string | null>;
  /** The term's last day, YYYY-MM-DD in Warsaw, for sorting (migration 0050; null only before its backfill). */
  due_date: string | null;
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
  /** 'appeal' when the citizen's appeal made the change (migration 0044); null for staff's. */
  kind: 'appeal' | null;
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
