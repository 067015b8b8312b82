import { matterMessagesPl } from '@portal/contract';

export const pl = matterMessagesPl;
