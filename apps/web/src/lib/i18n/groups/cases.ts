import { caseApiMessages, caseMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** The cases' form messages and the server's answers about cases: the cases screens alone show them. */
export const CASE_MESSAGES_NS = registerMessageGroup('case-messages', { en: caseMessages, pl: () => import('./cases-pl').then((module) => ({ pl: module.cases })) });
export const CASE_API_MESSAGES_NS = registerMessageGroup('case-api-messages', {
  en: { ...caseApiMessages, fileTooLarge: caseApiMessages.fileTooLarge('{{max}}') },
  pl: () => import('./cases-pl').then((module) => ({ pl: module.caseApi })),
});
