import { deskMessagesPl } from '@portal/contract';

export const pl = deskMessagesPl;
