import { type CaseStatus, type CaseType, writeCalendarDate } from '@portal/contract';

/*
 * The receipts of answering back on a case (issue 32 points 7 and 8): the delivery of a decision,
 * a supplement the citizen sent, an appeal. Their rows, in both languages, beside wording.ts.
 */

export type AnswerReceiptEvent =
  | { kind: 'case-decision-delivered'; caseId: number; ownerId: number; at: string; caseType: CaseType; decision: CaseStatus; decidedAt: string }
  | { kind: 'case-supplement-answered'; caseId: number; ownerId: number; at: string; caseType: CaseType; answer: string; documents: readonly string[] }
  | { kind: 'case-appealed'; caseId: number; ownerId: number; at: string; caseType: CaseType; text: string; documents: readonly string[]; dueDate: string | null };

export const answerTitles = {
  en: {
    'case-decision-delivered': 'Receipt: decision delivered',
    'case-supplement-answered': 'Receipt: case supplemented',
    'case-appealed': 'Receipt: appeal lodged',
  },
  pl: {
    'case-decision-delivered': 'Potwierdzenie doręczenia decyzji',
    'case-supplement-answered': 'Potwierdzenie uzupełnienia sprawy',
    'case-appealed': 'Potwierdzenie wniesienia odwołania',
  },
} as const;

const words = {
  en: {
    decision: 'Decision delivered',
    decidedAt: 'Decision made (its receipt bears this time)',
    deliveredAt: 'Delivered (first opened by the applicant)',
    answer: 'Answer',
    appeal: 'Grounds of the appeal',
    documents: 'Documents attached',
    none: 'none',
    dueDate: 'The office answers by',
    status: { PENDING: 'Pending', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', REJECTED: 'Rejected' },
  },
  pl: {
    decision: 'Doręczona decyzja',
    decidedAt: 'Data decyzji (podana na jej potwierdzeniu)',
    deliveredAt: 'Doręczenie (pierwsze otwarcie przez wnioskodawcę)',
    answer: 'Odpowiedź',
    appeal: 'Uzasadnienie odwołania',
    documents: 'Dołączone dokumenty',
    none: 'brak',
    dueDate: 'Termin odpowiedzi urzędu',
    status: { PENDING: 'Oczekujący', IN_PROGRESS: 'W toku', RESOLVED: 'Załatwiony', REJECTED: 'Odrzucony' },
  },
} as const;

const serverTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The rows a receipt of answering back adds after the reference, date, number, applicant and case type. */
export function answerRows(event: AnswerReceiptEvent, language: 'en' | 'pl'): { label: string; value: string }[] {
  const w = words[language];
  switch (event.kind) {
    case 'case-decision-delivered':
      // The decision's own receipt was issued when it was made; this one names it by its status and time.
      return [
        { label: w.decision, value: w.status[event.decision] },
        { label: w.decidedAt, value: serverTime(event.decidedAt) },
        { label: w.deliveredAt, value: serverTime(event.at) },
      ];
    case 'case-supplement-answered':
      return [
        { label: w.answer, value: event.answer },
        { label: w.documents, value: event.documents.length > 0 ? event.documents.join(', ') : w.none },
      ];
    case 'case-appealed':
      return [
        { label: w.appeal, value: event.text },
        { label: w.documents, value: event.documents.length > 0 ? event.documents.join(', ') : w.none },
        ...(event.dueDate ? [{ label: w.dueDate, value: writeCalendarDate(event.dueDate, language) }] : []),
      ];
  }
}
