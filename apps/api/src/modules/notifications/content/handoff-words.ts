import type { Language } from '@portal/contract';
import type { EventOf } from '../events.js';

type HandoffNotice = EventOf<'conversation-transferred' | 'conversation-released' | 'conversation-reopened' | 'case-reassigned' | 'case-released'>;

/** An email's words, as messages.ts's EmailWords (declared again: messages.ts imports this file). */
interface EmailWords {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
}

/** The departments' names in Polish, as the web writes them. */
const departmentPl: Record<string, string> = {
  'City Administration': 'Administracja miasta',
  'Public Works Department': 'Wydział Robót Publicznych',
  'Parks and Recreation Department': 'Wydział Parków i Rekreacji',
};

/**
 * The emails of handing work on (issue 33) and of a citizen's reopening (issue 32), with the
 * reason. `ref` is the matter's reference and name (messages.ts's referenceOf). Polish is
 * impersonal: nobody's gender is assumed.
 */
export function handoffWords(event: HandoffNotice, ref: string | null, language: Language): EmailWords {
  const pl = language === 'pl';
  const reason = pl ? `Powód: ${event.reason}` : `Reason: ${event.reason}`;
  switch (event.kind) {
    case 'conversation-transferred': {
      if (event.to === 'citizen') {
        const department = pl ? (departmentPl[event.department] ?? event.department) : event.department;
        return pl
          ? { subject: `Pismo przekazane (${ref})`, heading: 'Pismo przekazano', paragraphs: [`Pismo ${ref} prowadzi teraz: ${department}. Termin odpowiedzi się nie zmienia.`, reason], action: 'Otwórz pismo' }
          : { subject: `Your letter was handed on (${ref})`, heading: 'Your letter was handed on', paragraphs: [`Your letter ${ref} is now with: ${department}. The date the office owes an answer stays the same.`, reason], action: 'Open the letter' };
      }
      return pl
        ? { subject: `Przekazano pismo do prowadzenia (${ref})`, heading: 'Nowe pismo do prowadzenia', paragraphs: [`Pismo ${ref} przekazano do prowadzenia na Twoje konto.`, reason], action: 'Otwórz pismo' }
        : { subject: `A letter was handed to you (${ref})`, heading: 'A letter was handed to you', paragraphs: [`The letter ${ref} is now yours to handle.`, reason], action: 'Open the letter' };
    }
    case 'conversation-released':
      return pl
        ? { subject: `Pismo wróciło do kolejki (${ref})`, heading: 'Pismo wróciło do kolejki', paragraphs: [`Administrator przeniósł pismo ${ref} z Twojej listy z powrotem do kolejki.`, reason], action: 'Otwórz panel' }
        : { subject: `A letter went back to the queue (${ref})`, heading: 'A letter went back to the queue', paragraphs: [`An administrator released the letter ${ref} from your list back to the open queue.`, reason], action: 'Open the dashboard' };
    case 'conversation-reopened':
      return pl
        ? { subject: `Pismo wznowione (${ref})`, heading: 'Osoba pisząca wznowiła pismo', paragraphs: [`Pismo ${ref} wznowiono i wróciło do prowadzenia.`, reason], action: 'Otwórz pismo' }
        : { subject: `A letter was reopened (${ref})`, heading: 'A citizen reopened a letter', paragraphs: [`The letter ${ref} was reopened by its citizen and is back in your list.`, reason], action: 'Open the letter' };
    case 'case-reassigned':
      if (event.to === 'citizen') {
        return pl
          ? { subject: `Zmiana osoby prowadzącej wniosek (${ref})`, heading: 'Wniosek prowadzi teraz inna osoba', paragraphs: [`Wniosek ${ref} przekazano innej osobie w urzędzie. Termin załatwienia się nie zmienia.`, reason], action: 'Otwórz wniosek' }
          : { subject: `Another clerk handles your case (${ref})`, heading: 'Another clerk handles your case', paragraphs: [`Your case ${ref} was handed to another clerk. The date a decision is due stays the same.`, reason], action: 'Open the case' };
      }
      return pl
        ? { subject: `Przekazano wniosek do prowadzenia (${ref})`, heading: 'Nowy wniosek do prowadzenia', paragraphs: [`Wniosek ${ref} przekazano do prowadzenia na Twoje konto.`, reason], action: 'Otwórz wniosek' }
        : { subject: `A case was handed to you (${ref})`, heading: 'A case was handed to you', paragraphs: [`The case ${ref} is now yours to handle.`, reason], action: 'Open the case' };
    case 'case-released':
      return pl
        ? { subject: `Wniosek wrócił do kolejki (${ref})`, heading: 'Wniosek wrócił do kolejki', paragraphs: [`Administrator przeniósł wniosek ${ref} z Twojej listy z powrotem do oczekujących.`, reason], action: 'Otwórz panel' }
        : { subject: `A case went back to the queue (${ref})`, heading: 'A case went back to the queue', paragraphs: [`An administrator released the case ${ref} from your list back to the pending list.`, reason], action: 'Open the dashboard' };
  }
}
