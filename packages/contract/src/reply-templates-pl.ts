import { POLISH_CHARACTERS, polishCount, type PolishTexts } from './polish.js';
import { REPLY_TEMPLATE_NAME_MAX, REPLY_TEMPLATE_SEARCH_MAX, REPLY_TEMPLATE_TEXT_MAX, type replyTemplateMessages } from './reply-templates.js';

// reply-templates.ts's messages in Polish: the web loads them only for a reader of Polish.

export const replyTemplateMessagesPl: PolishTexts<typeof replyTemplateMessages> = {
  nameRequired: 'Nadaj szablonowi nazwę.',
  nameTooLong: `Nazwa szablonu może mieć najwyżej ${polishCount(REPLY_TEMPLATE_NAME_MAX, POLISH_CHARACTERS)}.`,
  textRequired: 'Wpisz treść szablonu.',
  textTooLong: `Treść szablonu może mieć najwyżej ${polishCount(REPLY_TEMPLATE_TEXT_MAX, POLISH_CHARACTERS)}.`,
  languageRequired: 'Wybierz język szablonu.',
  scopeRequired: 'Wybierz, czy szablon należy do wydziału, czy jest Twój.',
  departmentRequired: 'Wybierz wydział, dla którego jest szablon.',
  departmentOnlyForDepartment: 'Wydział wskazuje się tylko w szablonie wydziału.',
  onlyAdminsKeepDepartmentTemplates: 'Szablony wydziału prowadzi tylko administrator.',
  notYours: 'To własny szablon innej osoby z zespołu; zmienić go może tylko jego autor lub autorka.',
  searchTooLong: `Szukaj najwyżej ${polishCount(REPLY_TEMPLATE_SEARCH_MAX, POLISH_CHARACTERS)}.`,
  unknownPlaceholder: 'Nieznane pole {{name}}: użyj {firstName}, {lastName}, {reference}, {subject}, {dueDate} lub {clerkName}.',
  conversationRequired: 'Wskaż rozmowę, na którą jest odpowiedź.',
};
