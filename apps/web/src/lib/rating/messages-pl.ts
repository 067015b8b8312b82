import { ratingMessagesPl } from '@portal/contract';

export const pl = ratingMessagesPl;
