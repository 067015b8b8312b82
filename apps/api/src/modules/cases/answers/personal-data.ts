import { caseReference } from '@portal/contract';
import type { Db } from '../../../db/database.js';
import { jsonPart, type PersonalData } from '../../../plugins/personal-data.js';

const parsed = (json: string): unknown => JSON.parse(json);

/**
 * Issue 32 points 7 and 8 in "Download my data": each decision on the person's cases with the
 * moment they opened it, the office's requests to supplement with their answers, and their
 * appeals. Like the cases themselves, the office keeps them when an account closes (no erasure).
 */
export function registerCaseAnswersPersonalData(personalData: PersonalData, db: Db): void {
  personalData.section({
    place: 41,
    readme: {
      en: '- case-answers.json: the decisions on your cases and when you opened them, the office\u2019s requests to supplement with your answers, your appeals;',
      pl: '- case-answers.json: decyzje w Twoich sprawach i chwila ich otwarcia, wezwania urzędu do uzupełnienia z Twoimi odpowiedziami, Twoje odwołania;',
    },
    tables: ['case_decisions', 'case_supplements', 'case_appeals'],
    async read(userId) {
      const own = db.selectFrom('case_resolutions').select('id').where('user_id', '=', userId);
      const [decisions, supplements, appeals] = await Promise.all([
        db.selectFrom('case_decisions').select(['id', 'case_id', 'status', 'decided_at', 'opened_at']).where('case_id', 'in', own).orderBy('id').execute(),
        db
          .selectFrom('case_supplements')
          .select(['case_id', 'requested_at', 'message', 'documents_needed', 'answered_at', 'answer', 'answer_documents'])
          .where('case_id', 'in', own)
          .orderBy('id')
          .execute(),
        db.selectFrom('case_appeals').select(['case_id', 'decision_id', 'appealed_at', 'body', 'documents']).where('case_id', 'in', own).orderBy('id').execute(),
      ]);
      return [
        jsonPart('case-answers.json', {
          decisions: decisions.map((row) => ({ case: caseReference(Number(row.case_id)), decision: row.status, decidedAt: row.decided_at, openedAt: row.opened_at })),
          requestsToSupplement: supplements.map((row) => ({
            case: caseReference(Number(row.case_id)),
            requestedAt: row.requested_at,
            message: row.message,
            documentsNeeded: parsed(row.documents_needed),
            answeredAt: row.answered_at,
            answer: row.answer,
            documentsAttached: parsed(row.answer_documents),
          })),
          appeals: appeals.map((row) => ({ case: caseReference(Number(row.case_id)), appealedAt: row.appealed_at, text: row.body, documentsAttached: parsed(row.documents) })),
        }),
      ];
    },
  });
}
