import type { Department, HandoffKind } from '@portal/contract';
import type { Generated } from 'kysely';

/** Handing work on (issue 33; migration 0052): a conversation's transfers, releases and reopenings (letters module). */
export interface ConversationHandoffsTable {
  id: Generated<number>;
  conversation_id: number;
  kind: HandoffKind;
  from_department: Department;
  to_department: Department;
  from_employee_id: number | null;
  to_employee_id: number | null;
  reason: string;
  actor_id: number;
  at: string;
}

/** A case's reassignments and releases (cases module). */
export interface CaseHandoffsTable {
  id: Generated<number>;
  case_id: number;
  kind: 'reassign' | 'release';
  from_handler_id: number | null;
  to_handler_id: number | null;
  reason: string;
  actor_id: number;
  at: string;
}

/** The admin's numbers for handing work on (letters module): a missing row is the contract's default. */
export interface DeskSettingsTable {
  name: 'stale_working_days' | 'reopen_window_days';
  value: number;
}

/** The hand-on tables, part of `Database` (schema.ts). */
export interface HandoffTables {
  conversation_handoffs: ConversationHandoffsTable;
  case_handoffs: CaseHandoffsTable;
  desk_settings: DeskSettingsTable;
}
