import { myDataApiMessagesPl } from '@portal/contract';

export const pl = myDataApiMessagesPl;
