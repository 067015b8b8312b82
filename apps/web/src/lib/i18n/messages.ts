import {
  apiMessages,
  auditApiMessages,
  authMessages,
  caseApiMessages,
  caseMessages,
  commonMessages,
  conversationApiMessages,
  employeeApiMessages,
  employeeMessages,
  freeTextMessages,
  letterMessages,
  obligationApiMessages,
  obligationMessages,
  sessionMessages,
  usernameMessages,
  twoFactorMessages,
} from '@portal/contract';
import { MESSAGES_NS } from './namespaces';
import type { Translations } from './translations';

// The contract's messages: the English texts ARE its constants (spec sections 5 and 8); the Polish
// stand beside them in each domain's `<domain>-pl.ts` and are gathered in messages-pl.ts, loaded only
// for a reader of Polish. A new message group in the contract gets a line in each tree.

const en = {
  auth: { ...authMessages, resetLinkSent: authMessages.resetLinkSent('{{email}}') },
  letters: letterMessages,
  conversations: conversationApiMessages,
  common: commonMessages,
  api: apiMessages,
  cases: caseMessages,
  caseApi: { ...caseApiMessages, fileTooLarge: caseApiMessages.fileTooLarge('{{max}}') },
  employees: employeeMessages,
  employeesApi: employeeApiMessages,
  audit: auditApiMessages,
  usernames: usernameMessages,
  sessions: sessionMessages,
  obligations: obligationMessages,
  obligationsApi: obligationApiMessages,
  freeText: freeTextMessages,
  twoFactor: twoFactorMessages,
};

export const messageTranslations: Translations<typeof en> = { en, pl: () => import('./messages-pl') };

/** English contract text -> its i18n key, so a zod issue message can be shown in the chosen language. */
export const messageKeyByText: ReadonlyMap<string, string> = new Map(
  Object.entries(en).flatMap(([group, texts]) =>
    Object.entries(texts).map(([key, text]) => [text, `${MESSAGES_NS}:${group}.${key}`] as const),
  ),
);
