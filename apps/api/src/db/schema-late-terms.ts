import type { DeadlineWarning, TermedMatterKind } from '@portal/contract';
import type { Generated } from 'kysely';

/** Delay notices sent to citizens (KPA art. 36; deadlines module, migration 0048). */
export interface DelayNoticesTable {
  id: Generated<number>;
  matter_kind: TermedMatterKind;
  matter_id: number;
  owner_id: number;
  author_id: number;
  reason: string;
  new_due_date: string;
  previous_due_date: string | null;
  created_at: string;
}

/** Citizens' prompts (art. 37) and the admins' answers (deadlines module, migration 0048). */
export interface MatterPromptsTable {
  id: Generated<number>;
  matter_kind: TermedMatterKind;
  matter_id: number;
  owner_id: number;
  body: string;
  created_at: string;
  answer_by: string;
  answered_at: string | null;
  answered_by: number | null;
  answer: string | null;
  new_due_date: string | null;
  /** The prompt's number within its matter, 1, 2, ... (unique with the matter: migration 0059). */
  seq: number | null;
}

/** One row per warning given: its primary key makes each happen once (deadlines module, migration 0048). */
export interface DeadlineWarningsTable {
  matter_kind: TermedMatterKind;
  matter_id: number;
  due_date: string;
  warning: DeadlineWarning;
  created_at: string;
}

/** The late-term tables, part of `Database` (schema.ts). */
export interface LateTermsTables {
  delay_notices: DelayNoticesTable;
  matter_prompts: MatterPromptsTable;
  deadline_warnings: DeadlineWarningsTable;
}
