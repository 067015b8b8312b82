// The facts every event about a letter or a case carries (events.ts, events-matters.ts).
import type { CaseType } from './cases.js';

/** A letter's facts every event about its conversation carries. */
export interface LetterFacts {
  conversationId: number;
  letterId: number;
  /** The citizen who wrote it. */
  ownerId: number;
  subject: string;
}

/** A case's facts every event about it carries (its reference and name are made from them). */
export interface CaseFacts {
  caseId: number;
  ownerId: number;
  caseType: CaseType;
  vehicleNumberPlate: string | null;
}
