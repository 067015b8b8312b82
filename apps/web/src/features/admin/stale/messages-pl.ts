import { handoffMessagesPl } from '@portal/contract';

export const pl = handoffMessagesPl;
