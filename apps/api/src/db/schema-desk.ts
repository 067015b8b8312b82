/** Internal notes (issue 33; migration 0037): staff's words about a matter, never a citizen's to read. */
import type { Department } from '@portal/contract';
import type { Generated } from 'kysely';

export interface CaseNotesTable {
  id: Generated<number>;
  case_id: number;
  author_id: number;
  body: string;
  created_at: string;
}

export interface ConversationNotesTable {
  id: Generated<number>;
  conversation_id: number;
  author_id: number;
  body: string;
  created_at: string;
}

/** Canned replies (issue 33 point 4; migration 0051): the reply-templates module's table. */
export interface ReplyTemplatesTable {
  id: Generated<number>;
  scope: 'DEPARTMENT' | 'PERSONAL';
  department: Department | null;
  owner_id: number | null;
  name: string;
  language: 'pl' | 'en';
  body: string;
  created_at: string;
  updated_at: string;
}

/** The desk's tables, part of `Database` (schema.ts). */
export interface DeskTables {
  case_notes: CaseNotesTable;
  conversation_notes: ConversationNotesTable;
  reply_templates: ReplyTemplatesTable;
}
