import { caseApiMessagesPl, caseMessagesPl } from '@portal/contract';

export const cases = caseMessagesPl;
export const caseApi = caseApiMessagesPl;
