import {
  APPEAL_TEXT_MAX,
  type caseAnswerMessages,
  SUPPLEMENT_ANSWER_MAX,
  SUPPLEMENT_DOCUMENT_NAME_MAX,
  SUPPLEMENT_DOCUMENTS_MAX,
  SUPPLEMENT_MESSAGE_MAX,
} from './case-answers.js';
import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';

// case-answers.ts's messages in Polish (the web loads them only for a reader of Polish).

/** caseAnswerMessages in Polish, key for key. */
export const caseAnswerMessagesPl: PolishTexts<typeof caseAnswerMessages> = {
  messageRequired: 'Proszę wpisać, co należy uzupełnić.',
  messageTooLong: `Wezwanie może mieć najwyżej ${polishCount(SUPPLEMENT_MESSAGE_MAX, POLISH_CHARACTERS)}.`,
  documentNameRequired: 'Proszę nazwać każdy potrzebny dokument albo usunąć pusty wiersz.',
  documentNameTooLong: `Nazwa dokumentu może mieć najwyżej ${polishCount(SUPPLEMENT_DOCUMENT_NAME_MAX, POLISH_CHARACTERS)}.`,
  tooManyDocumentsNeeded: `Można wskazać najwyżej ${polishCount(SUPPLEMENT_DOCUMENTS_MAX, { one: 'dokument', few: 'dokumenty', many: 'dokumentów' })}.`,
  answerRequired: 'Proszę wpisać odpowiedź.',
  answerTooLong: `Odpowiedź może mieć najwyżej ${polishCount(SUPPLEMENT_ANSWER_MAX, POLISH_CHARACTERS)}.`,
  appealRequired: 'Proszę napisać uzasadnienie odwołania.',
  appealTooLong: `Odwołanie może mieć najwyżej ${polishCount(APPEAL_TEXT_MAX, POLISH_CHARACTERS)}.`,
  documentNotOnCase: 'Każdy dołączony dokument musi być przesłany do tej sprawy.',
  caseDecided: 'Sprawa jest rozstrzygnięta: urząd nie może już wezwać do jej uzupełnienia.',
  alreadyWaiting: 'Urząd już czeka na uzupełnienie tej sprawy; naraz możliwe jest jedno wezwanie.',
  notWaiting: 'Urząd nie czeka na odpowiedź w tej sprawie.',
  nothingToDeliver: 'W tej sprawie nie ma jeszcze decyzji do doręczenia.',
  notRejected: 'Odwołać się można tylko od decyzji odmownej.',
  alreadyAppealed: 'Od tej decyzji wniesiono już odwołanie; od jednej decyzji przysługuje jedno odwołanie.',
  appealWindowClosed: 'Termin na wniesienie odwołania upłynął {{date}}.',
};
