import { deskMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** The staff desk's answers (lists, notes, contacts): shown on staff screens only. */
export const DESK_MESSAGES_NS = registerMessageGroup('desk-messages', { en: deskMessages, pl: () => import('./desk-pl') });
