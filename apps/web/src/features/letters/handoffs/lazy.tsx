import { lazy } from 'react';

// The dashboards load these only when a chat is open, in their own chunk: the /user screen's first
// download stays within its budget (scripts/bundle-budget.mjs).
export const LazyTransferDialog = lazy(() => import('./transfer-dialog'));
export const LazyLetterHistory = lazy(() => import('./letter-history'));
