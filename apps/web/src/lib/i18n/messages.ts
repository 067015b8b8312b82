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
  twoFactorMessagesPl,
  apiMessagesPl,
  auditApiMessagesPl,
  authMessagesPl,
  caseApiMessagesPl,
  caseMessagesPl,
  commonMessagesPl,
  conversationApiMessagesPl,
  employeeApiMessagesPl,
  employeeMessagesPl,
  freeTextMessagesPl,
  letterMessagesPl,
  obligationApiMessagesPl,
  obligationMessagesPl,
  sessionMessagesPl,
  usernameMessagesPl,
} from '@portal/contract';
import type { Translations } from './translations';

// The contract's messages in both languages: the English texts ARE its constants (spec sections 5
// and 8), the Polish stand beside them in each domain's file. A new message group in the contract
// gets a line in each tree here.

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

const pl = {
  auth: authMessagesPl,
  letters: letterMessagesPl,
  conversations: conversationApiMessagesPl,
  common: commonMessagesPl,
  api: apiMessagesPl,
  cases: caseMessagesPl,
  caseApi: caseApiMessagesPl,
  employees: employeeMessagesPl,
  employeesApi: employeeApiMessagesPl,
  audit: auditApiMessagesPl,
  usernames: usernameMessagesPl,
  sessions: sessionMessagesPl,
  obligations: obligationMessagesPl,
  obligationsApi: obligationApiMessagesPl,
  freeText: freeTextMessagesPl,
  twoFactor: twoFactorMessagesPl,
};

export const MESSAGES_NS = 'messages';
export const messageTranslations: Translations<typeof en> = { en, pl };

/** English contract text -> its i18n key, so a zod issue message can be shown in the chosen language. */
export const messageKeyByText: ReadonlyMap<string, string> = new Map(
  Object.entries(en).flatMap(([group, texts]) =>
    Object.entries(texts).map(([key, text]) => [text, `${MESSAGES_NS}:${group}.${key}`] as const),
  ),
);
