import {
  authApiMessagesPl,
  authMessagesPl,
  commonMessagesPl,
  conversationApiMessagesPl,
  fieldMessagesPl,
  freeTextMessagesPl,
  httpMessagesPl,
  letterMessagesPl,
  obligationApiMessagesPl,
  obligationMessagesPl,
  sessionMessagesPl,
  twoFactorMessagesPl,
  userApiMessagesPl,
  usernameMessagesPl,
} from '@portal/contract';

// The contract's messages in Polish (messages.ts has the English, under the same keys): loaded only
// for a reader of Polish.

export const pl = {
  auth: authMessagesPl,
  letters: letterMessagesPl,
  conversations: conversationApiMessagesPl,
  common: commonMessagesPl,
  api: { ...httpMessagesPl, ...authApiMessagesPl, ...userApiMessagesPl },
  usernames: usernameMessagesPl,
  sessions: sessionMessagesPl,
  obligations: obligationMessagesPl,
  obligationsApi: obligationApiMessagesPl,
  freeText: freeTextMessagesPl,
  fields: fieldMessagesPl,
  twoFactor: twoFactorMessagesPl,
};
