import { deadlineMessagesPl } from '@portal/contract';

export const pl = deadlineMessagesPl;
