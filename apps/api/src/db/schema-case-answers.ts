/** Answering back on a case (issue 32 points 7 and 8; migration 0044): the cases module's tables. */
import type { CaseStatus } from '@portal/contract';
import type { Generated } from 'kysely';
import type { Flag } from './tables/columns.js';

/** Each decision (RESOLVED or REJECTED) and the moment the citizen first opened it. */
export interface CaseDecisionsTable {
  id: Generated<number>;
  case_id: number;
  status: CaseStatus;
  decided_at: string;
  decided_by: number | null;
  on_appeal: Generated<Flag>;
  opened_at: string | null;
}

/** A request to supplement and its answer: from requested_at to answered_at the office's clock stands. */
export interface CaseSupplementsTable {
  id: Generated<number>;
  case_id: number;
  requested_by: number;
  requested_at: string;
  message: string;
  /** JSON array of the documents' names the clerk asked for. */
  documents_needed: string;
  answered_at: string | null;
  answer: string | null;
  /** JSON array of the case documents' UUIDs the answer attached. */
  answer_documents: Generated<string>;
}

/** An appeal of a decision; one per decision (unique decision_id). */
export interface CaseAppealsTable {
  id: Generated<number>;
  case_id: number;
  decision_id: number;
  appealed_at: string;
  body: string;
  /** JSON array of the case documents' UUIDs the appeal attached. */
  documents: Generated<string>;
}

/** The tables of answering back, part of `Database` (schema.ts). */
export interface CaseAnswersTables {
  case_decisions: CaseDecisionsTable;
  case_supplements: CaseSupplementsTable;
  case_appeals: CaseAppealsTable;
}
