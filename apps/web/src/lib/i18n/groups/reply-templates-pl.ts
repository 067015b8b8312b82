import { replyTemplateMessagesPl } from '@portal/contract';

export const pl = replyTemplateMessagesPl;
