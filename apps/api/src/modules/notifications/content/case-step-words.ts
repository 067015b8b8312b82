import { type Language, writeCalendarDate } from '@portal/contract';
import type { EventOf } from '../events.js';

/** One email's words (messages.ts's EmailWords, written out here: messages.ts imports this file). */
interface EmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

/**
 * The emails of answering back on a case (issue 32 point 8): the citizen asked to supplement,
 * the clerk told of the answer, the citizen's appeal confirmed, the deciding clerk told of it.
 * `ref` is the case's reference with its name ("C-4: Vehicle registration - KR 7781X").
 */
export function caseStepWords(event: EventOf<'case-step'>, ref: string, language: Language): EmailWords {
  const pl = language === 'pl';
  const due = event.dueDate ? writeCalendarDate(event.dueDate, language) : null;
  switch (event.step) {
    case 'supplement-requested':
      return pl
        ? {
            subject: `Wezwanie do uzupełnienia wniosku (${ref})`,
            heading: 'Urząd prosi o uzupełnienie wniosku',
            paragraphs: [`W sprawie ${ref} urząd prosi o uzupełnienie. Treść wezwania i listę dokumentów można zobaczyć w portalu; tam też można odpowiedzieć.`, 'Do czasu odpowiedzi bieg terminu załatwienia sprawy jest wstrzymany (art. 35 § 5 KPA).'],
            action: 'Odpowiedz w portalu',
          }
        : {
            subject: `Please supplement your case (${ref})`,
            heading: 'The office asks you to supplement your case',
            paragraphs: [`The office asks you to supplement your case ${ref}. Read the request and the documents needed in the portal, and answer there.`, 'Until you answer, the office’s term to decide is paused.'],
            action: 'Answer in the portal',
          };
    case 'supplement-answered':
      return pl
        ? { subject: `Wnioskodawca uzupełnił sprawę (${ref})`, heading: 'Odpowiedź na wezwanie', paragraphs: [`Wnioskodawca odpowiedział na wezwanie do uzupełnienia sprawy ${ref}. Termin biegnie dalej.`], action: 'Otwórz sprawę' }
        : { subject: `The applicant supplemented the case (${ref})`, heading: 'Answer to your request', paragraphs: [`The applicant answered your request to supplement the case ${ref}. The term runs again.`], action: 'Open the case' };
    case 'appeal-lodged':
      return pl
        ? {
            subject: `Odwołanie wniesione (${ref})`,
            heading: 'Urząd otrzymał odwołanie',
            paragraphs: [`Odwołanie od decyzji w sprawie ${ref} zostało złożone. Sprawa wraca do rozpatrzenia.`, ...(due ? [`Urząd odpowie do ${due}.`] : [])],
            action: 'Otwórz wniosek',
          }
        : {
            subject: `Appeal lodged (${ref})`,
            heading: 'The office received your appeal',
            paragraphs: [`Your appeal of the decision on ${ref} was lodged. The case is being considered again.`, ...(due ? [`The office answers by ${due}.`] : [])],
            action: 'Open the case',
          };
    case 'appeal-received':
      return pl
        ? { subject: `Odwołanie od decyzji (${ref})`, heading: 'Wnioskodawca złożył odwołanie', paragraphs: [`Od decyzji w sprawie ${ref} złożono odwołanie. Sprawa jest na liście „Odwołania”.`], action: 'Otwórz sprawę' }
        : { subject: `Decision appealed (${ref})`, heading: 'The applicant appealed', paragraphs: [`The applicant appealed the decision on ${ref}. The case is in the Appeals list.`], action: 'Open the case' };
  }
}
