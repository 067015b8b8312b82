import { replyTemplateMessages } from '@portal/contract';
import { registerMessageGroup } from '../index';

/** Canned replies' answers (issue 33 point 4): shown on staff screens only. */
export const REPLY_TEMPLATE_MESSAGES_NS = registerMessageGroup('reply-template-messages', { en: replyTemplateMessages, pl: () => import('./reply-templates-pl') });
