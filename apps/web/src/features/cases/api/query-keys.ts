import type { CaseStatus, StaffCaseView } from '@portal/contract';

// Every query key of the cases feature, once: lists sit under one prefix so a change refreshes them all.
export const casesQueryKey = ['cases'] as const;
export const caseListsQueryKey = [...casesQueryKey, 'list'] as const;
export const casesByStatusQueryKey = (status: CaseStatus, q = '') => [...caseListsQueryKey, 'status', status, q] as const;
export const userCasesQueryKey = (userId: number) => [...caseListsQueryKey, 'user', userId] as const;
export const caseDetailsQueryKey = (caseId: number) => [...casesQueryKey, 'details', caseId] as const;
export const staffCasesQueryKey = (view: StaffCaseView, q: string, page: number) => [...caseListsQueryKey, 'staff', view, q, page] as const;
