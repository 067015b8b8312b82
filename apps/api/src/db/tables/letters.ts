import type { ConversationStatus, Department } from '@portal/contract';
import type { Generated, Selectable } from 'kysely';

// Letters and their conversations: the letters module's tables. Conventions: ../schema.ts.

export interface LettersTable {
  id: Generated<number>;
  user_id: number;
  recipient: Department;
  subject: string;
  content: string;
  sent_at: string;
  created_at: string;
  /** The term in months the letter got when it arrived (migration 0033). */
  term_months: Generated<number>;
  /** The new due date of the latest delay notice or prompt answer (KPA art. 36; migration 0047), or null. */
  notified_due_date: Generated<string | null>;
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
  /** The `seq` of the conversation's newest message (0: none yet); each send increments it. */
  last_message_seq: Generated<number>;
  /** When a clerk first wrote in it (migration 0055; the dashboard's time to first reply); null before. */
  first_reply_at: Generated<string | null>;
  /** The term's last day, YYYY-MM-DD in Warsaw, for sorting (migration 0050; null only before its backfill). */
  due_date: string | null;
}
export type ConversationRow = Selectable<ConversationsTable>;

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  content: string;
  sent_at: string;
  /** The message's place in its conversation in commit order: 1, 2, 3... (migration 0024). */
  seq: number;
}

/** How far each participant has read a conversation (the newest message id they saw). */
export interface MessageReadsTable {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
  updated_at: string;
}
