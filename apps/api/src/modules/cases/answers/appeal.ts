import { type AppealBody, appealWindowClosedMessage, caseAnswerMessages as m, type CaseAnswersResponse, type Language } from '@portal/contract';
import { conflict, notFound } from '../../../plugins/api-error.js';
import type { AuthUser } from '../../../plugins/auth/index.js';
import type { PortalEvents } from '../../../plugins/events.js';
import type { Engine } from '../../../db/portable.js';
import type { DocumentsRepository } from '../documents/repository.js';
import type { CasesRepository } from '../repository.js';
import { appealWindowClosed, decisionDatesOf } from './clock.js';
import type { CaseAnswersRepository } from './repository.js';
import { attachedDocumentNames, type CaseAnswersService, conflictOnRace, factsOf } from './service.js';

export interface CaseAppealsDeps {
  engine: Engine;
  cases: Pick<CasesRepository, 'findCase' | 'changeStatus' | 'refreshDueDate' | 'moveNotifiedDueDate'>;
  answers: CaseAnswersRepository;
  documents: Pick<DocumentsRepository, 'listForCase'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  answersService: Pick<CaseAnswersService, 'answersOf'>;
  now?: () => Date;
}

/**
 * Issue 32 point 8b (KPA art. 129 §2): the owner appeals a REJECTED decision within 14 days of its
 * delivery, once per decision. The case goes back to PENDING: the spec's 'Pending Case
 * Resolutions' every clerk reads, with no handler (whoever takes it hears it again, and the
 * clerk who decided is told); its history row says "appeal"; its term starts again from the appeal.
 */
export function createCaseAppeals({ engine, cases, answers, documents, events, answersService, now = () => new Date() }: CaseAppealsDeps) {
  return {
    async appeal(caller: AuthUser, caseId: number, body: AppealBody, language: Language): Promise<CaseAnswersResponse> {
      await events
        .transaction(async (trx) => {
          const found = await cases.findCase(caseId, trx);
          if (!found) throw notFound();
          const decision = await answers.latestDecision(caseId, trx);
          if (!decision || found.status !== 'REJECTED' || decision.status !== 'REJECTED') throw conflict(m.notRejected);
          if (await answers.appealOf(decision.id, trx)) throw conflict(m.alreadyAppealed);
          const { appealUntil } = decisionDatesOf(decision, now());
          if (appealUntil !== null && appealWindowClosed(appealUntil, now())) {
            throw conflict(appealWindowClosedMessage(appealUntil, language));
          }
          const uuids = body.documents ?? [];
          const names = await attachedDocumentNames(documents, caseId, uuids, trx);
          const at = now().toISOString();
          const appealId = await answers.insertAppeal(caseId, decision.id, at, body.text, uuids, trx);
          const change = await cases.changeStatus(caseId, 'PENDING', caller.id, null, trx, engine === 'postgres', 'appeal');
          if (!change) throw notFound();
          // A new term from the appeal: an older delay notice's date ends, the sort key follows (due-date.ts).
          await cases.moveNotifiedDueDate(caseId, { clear: true }, trx);
          await cases.refreshDueDate(caseId, trx);
          const reopened = await cases.findCase(caseId, trx);
          await events.emit(trx, {
            type: 'case-appealed',
            at,
            actorId: caller.id,
            actorLanguage: language,
            ...factsOf(found),
            appealId,
            decisionId: decision.id,
            deciderId: decision.decidedBy,
            text: body.text,
            documents: names,
            before: change.before,
            after: change.after,
            dueDate: reopened?.dueDate ?? null,
          });
        })
        .catch(conflictOnRace(m.alreadyAppealed));
      return answersService.answersOf(caseId);
    },
  };
}
