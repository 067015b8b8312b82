import { type DeskSettings, deskSettings, staleAssignmentList } from '@portal/contract';
import { http } from '../../../lib/http';

// The admins' view of stale assignments and the desk settings (issue 33 point 7, issue 32 point 8).

export const staleQueryKey = ['stale-assignments'] as const;
export const deskSettingsQueryKey = ['desk-settings'] as const;

export const fetchStale = () => http.get('/api/stale-assignments', staleAssignmentList);
export const fetchDeskSettings = () => http.get('/api/desk-settings', deskSettings);
export const saveDeskSettings = (body: DeskSettings) => http.put('/api/desk-settings', body, deskSettings);
export const release = (kind: 'letter' | 'case', id: number, reason: string) =>
  http.put(kind === 'letter' ? `/api/conversations/${id}/release` : `/api/case-resolution/${id}/release`, { reason });
