import {
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
  twoFactorMessagesPl,
  usernameMessagesPl,
} from '@portal/contract';

// The contract's messages in Polish (messages.ts has the English): loaded only for a reader of Polish.

// The texts of messages.ts in Polish, its English's keys: loaded only for a reader of Polish.

export const pl = {
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
