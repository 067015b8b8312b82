import { myDataApiMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** The own-data and account-closure answers: shown on the account page and the admins' closure tab only. */
export const MY_DATA_MESSAGES_NS = registerMessageGroup('my-data-messages', { en: myDataApiMessages, pl: () => import('./my-data-pl') });
