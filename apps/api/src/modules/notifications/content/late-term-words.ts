import { caseName, type CaseType, type Language, referenceWithName, writeCalendarDate } from '@portal/contract';
import type { EventOf, MatterNaming } from '../events.js';

/** An email's words, as messages.ts's EmailWords (declared again: messages.ts imports this file). */
interface EmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

type LateTermEvent = EventOf<'delay-notice' | 'prompt-received' | 'prompt-answered' | 'deadline-warning'>;

/** `L-4: Broken street lamp` or `C-7: Vehicle registration - KR 1234`, as every channel names a matter. */
export function matterReferenceOf(naming: MatterNaming, language: Language): string {
  if (naming.subject !== undefined) return referenceWithName(naming.reference, naming.subject);
  if (naming.caseId !== undefined && naming.caseType) {
    return referenceWithName(naming.reference, caseName({ id: naming.caseId, caseType: naming.caseType as CaseType, vehicleNumberPlate: naming.vehicleNumberPlate ?? null }, language));
  }
  return naming.reference;
}

/** The screen of the matter: a letter's conversation on the person's dashboard, a case's details. */
export function matterScreenOf(naming: MatterNaming, staff: boolean): string {
  if (naming.conversationId !== undefined) return `${staff ? '/employee' : '/user'}?conversation=${naming.conversationId}`;
  return `/createCase?case=${naming.caseId ?? ''}`;
}

/**
 * The late-term emails (issue 32 points 5 and 6). The delay notice says what KPA art. 36 asks of
 * it: the reason, the new date, and that the citizen may send a prompt (art. 37).
 */
export function lateTermWords(event: LateTermEvent, language: Language): EmailWords {
  const pl = language === 'pl';
  const ref = matterReferenceOf(event, language);
  switch (event.kind) {
    case 'delay-notice': {
      const date = writeCalendarDate(event.newDueDate, language);
      return pl
        ? {
            subject: `Zawiadomienie o niezałatwieniu sprawy w terminie (${ref})`,
            heading: 'Sprawa nie została załatwiona w terminie',
            paragraphs: [
              `Urząd zawiadamia, że sprawa ${ref} nie została załatwiona w terminie (art. 36 KPA).`,
              `Przyczyna zwłoki: ${event.reason}`,
              `Nowy termin załatwienia sprawy: ${date}.`,
              'Przysługuje Ci prawo do wniesienia ponaglenia (art. 37 KPA): można je wysłać w portalu, na stronie sprawy.',
            ],
            action: 'Otwórz sprawę',
          }
        : {
            subject: `Your matter was not handled in its term (${ref})`,
            heading: 'Your matter was not handled in its term',
            paragraphs: [
              `The office tells you that ${ref} was not handled within its term (Code of Administrative Procedure, art. 36).`,
              `Reason for the delay: ${event.reason}`,
              `New date by which it will be handled: ${date}.`,
              'You have the right to send a prompt (art. 37): you can send it in the portal, on the matter\u2019s page.',
            ],
            action: 'Open the matter',
          };
    }
    case 'prompt-received': {
      const date = writeCalendarDate(event.answerBy, language);
      return pl
        ? { subject: `Ponaglenie do rozpatrzenia (${ref})`, heading: 'Nowe ponaglenie', paragraphs: [`W sprawie ${ref} wniesiono ponaglenie. Odpowiedź należy wysłać do ${date}.`], action: 'Otwórz ponaglenia' }
        : { subject: `A prompt to answer (${ref})`, heading: 'A new prompt', paragraphs: [`A citizen sent a prompt about ${ref}. Answer it by ${date}.`], action: 'Open the prompts' };
    }
    case 'prompt-answered': {
      const date = event.newDueDate ? writeCalendarDate(event.newDueDate, language) : null;
      return pl
        ? {
            subject: `Odpowiedź na ponaglenie (${ref})`,
            heading: 'Urząd odpowiedział na ponaglenie',
            paragraphs: [`Odpowiedź na ponaglenie w sprawie ${ref}: ${event.reason}`, ...(date ? [`Nowy termin załatwienia sprawy: ${date}.`] : [])],
            action: 'Otwórz sprawę',
          }
        : {
            subject: `Answer to your prompt (${ref})`,
            heading: 'The office answered your prompt',
            paragraphs: [`The answer to your prompt about ${ref}: ${event.reason}`, ...(date ? [`New date by which it will be handled: ${date}.`] : [])],
            action: 'Open the matter',
          };
    }
    case 'deadline-warning': {
      // Never emailed (a portal entry only); worded for completeness of the kind.
      const date = writeCalendarDate(event.dueDate, language);
      return pl
        ? { subject: `Termin sprawy ${ref}: ${date}`, heading: 'Zbliża się termin', paragraphs: [`Termin załatwienia sprawy ${ref}: ${date}.`], action: 'Otwórz sprawę' }
        : { subject: `Term of ${ref}: ${date}`, heading: 'A term is running out', paragraphs: [`${ref} is due on ${date}.`], action: 'Open the matter' };
    }
  }
}
