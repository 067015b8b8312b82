import type { CaseType } from '@portal/contract';
import type { Db } from '../db/database.js';

/*
 * The legal clock of a letter and of a case as the deadlines module (issue 32 points 5 and 6)
 * asks for it; the letters and cases services satisfy these (`clock`), each reading its own tables.
 */

interface ClockFacts {
  id: number;
  ownerId: number;
  /** The clerk handling it, or null while it waits in the open queue. */
  handlerId: number | null;
  open: boolean;
  startedAt: string;
  /** The statutory term's end (art. 35), and the due date after any delay notice. */
  termDueDate: string | null;
  dueDate: string | null;
}

/** A letter, by its conversation's id (the web's and the routes' id of a letter). */
export interface LetterClockFacts extends ClockFacts {
  kind: 'letter';
  letterId: number;
  subject: string;
}

export interface CaseClockFacts extends ClockFacts {
  kind: 'case';
  caseType: CaseType;
  vehicleNumberPlate: string | null;
}

export interface MatterClock<F> {
  find(id: number, executor?: Db, now?: Date): Promise<F | undefined>;
  /** Every matter still open: the warnings' schedule reads their clocks. */
  listOpen(now: Date): Promise<F[]>;
  /** The new due date of a delay notice or a prompt's answer (KPA art. 36), in the change's transaction. */
  setNotifiedDueDate(id: number, date: string, executor: Db): Promise<void>;
}

export interface LetterClockPort {
  clock: MatterClock<LetterClockFacts>;
}
export interface CaseClockPort {
  clock: MatterClock<CaseClockFacts>;
}
