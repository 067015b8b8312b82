import { caseReference, letterReference, type TermedMatterKind } from '@portal/contract';
import { notFound } from '../../plugins/api-error.js';
import type { CaseClockFacts, CaseClockPort, LetterClockFacts, LetterClockPort } from '../../ports/clocks.js';
import type { Db } from '../../db/database.js';
import type { MatterKey } from './repository.js';

export type MatterFacts = LetterClockFacts | CaseClockFacts;

/** The facts every event about a letter or a case carries (contract events.ts). */
export function eventFactsOf(matter: MatterFacts) {
  return matter.kind === 'letter'
    ? { conversationId: matter.id, letterId: matter.letterId, ownerId: matter.ownerId, subject: matter.subject }
    : { caseId: matter.id, ownerId: matter.ownerId, caseType: matter.caseType, vehicleNumberPlate: matter.vehicleNumberPlate };
}

export const referenceOfMatter = (matter: MatterFacts): string => (matter.kind === 'letter' ? letterReference(matter.letterId) : caseReference(matter.id));

/** The two clocks behind one door: a matter by kind and id, never read from another module's table here. */
export function createMatters(letters: LetterClockPort, cases: CaseClockPort) {
  return {
    /** The matter, or 404 (the access policy already refused one that is not the caller's). */
    async find(key: MatterKey, executor?: Db, now?: Date): Promise<MatterFacts> {
      const found = key.kind === 'letter' ? await letters.clock.find(key.id, executor, now) : await cases.clock.find(key.id, executor, now);
      if (!found) throw notFound();
      return found;
    },
    setNotifiedDueDate: (key: MatterKey, date: string, executor: Db) =>
      key.kind === 'letter' ? letters.clock.setNotifiedDueDate(key.id, date, executor) : cases.clock.setNotifiedDueDate(key.id, date, executor),
    listOpen: async (kind: TermedMatterKind, now: Date): Promise<MatterFacts[]> => (kind === 'letter' ? letters.clock.listOpen(now) : cases.clock.listOpen(now)),
  };
}
export type Matters = ReturnType<typeof createMatters>;
