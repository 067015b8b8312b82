/** A matter's timeline and the ratings of resolved letters (issue 32; migrations 0042 and 0043). */
import type { Generated } from 'kysely';
import type { Flag } from './tables/columns.js';

/** One change of a letter or a case, as the timeline module heard it (its own table). */
export interface TimelineEntriesTable {
  id: Generated<number>;
  /** 'letter' (matter_id is the letter's id, `L-n`) or 'case' (the case's id, `C-n`). */
  matter: string;
  matter_id: number;
  /** The citizen whose matter it is. */
  owner_id: number;
  /** The portal event's type. */
  event_type: string;
  at: string;
  actor_id: number | null;
  /** The facts the entry is worded with (JSON of strings, numbers, booleans, nulls). */
  facts: string;
  /** 1: staff's business only (internal notes), never in the citizen's timeline. */
  staff_only: Flag;
}

/** A citizen's one rating of the answer to a resolved letter (the letters module's). */
export interface LetterRatingsTable {
  letter_id: number;
  user_id: number;
  helpful: Flag;
  comment: string | null;
  rated_at: string;
  /** 'portal' or 'email-link'. */
  via: string;
}

/** The timeline's and ratings' tables, part of `Database` (schema.ts). */
export interface TimelineTables {
  timeline_entries: TimelineEntriesTable;
  letter_ratings: LetterRatingsTable;
}
