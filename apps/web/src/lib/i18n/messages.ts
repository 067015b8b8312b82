import {
  authApiMessages,
  authMessages,
  commonMessages,
  conversationApiMessages,
  fieldMessages,
  freeTextMessages,
  httpMessages,
  letterMessages,
  obligationApiMessages,
  obligationMessages,
  sessionMessages,
  usernameMessages,
  twoFactorMessages,
  userApiMessages,
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
  // The server's answers about a request and a sign-in, as the API sends them.
  api: { ...httpMessages, ...authApiMessages, ...userApiMessages },
  usernames: usernameMessages,
  sessions: sessionMessages,
  obligations: obligationMessages,
  obligationsApi: obligationApiMessages,
  freeText: freeTextMessages,
  fields: fieldMessages,
  twoFactor: twoFactorMessages,
};

export const messageTranslations: Translations<typeof en> = { en, pl: () => import('./messages-pl') };

/**
 * English contract text -> its i18n key, so a zod issue message can be shown in the chosen language.
 * Groups only a few screens show join it when their feature loads (`registerMessageGroup`).
 */
export const messageKeyByText = new Map<string, string>(
  Object.entries(en).flatMap(([group, texts]) =>
    Object.entries(texts).map(([key, text]) => [text, `${MESSAGES_NS}:${group}.${key}`] as const),
  ),
);
