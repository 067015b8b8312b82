import { matterMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** "My matters"'s answers to a bad query (issue 32): shown on that screen only. */
export const MATTER_MESSAGES_NS = registerMessageGroup('matter-messages', { en: matterMessages, pl: () => import('./matters-pl') });
