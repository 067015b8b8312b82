import { conversationListResponse, firstIssuePerField, staffConversationsQuery, type ConversationListItem, type Department } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { conversationsQueryKey } from './query-keys';

// The archive's search and filters (issue 33 point 2), apart from calls.ts so that only the
// Employee Dashboard's code carries them (and the desk's schema that checks them), never the citizen's.

/** What the archive asks for, named as GET /api/conversations names its parameters; '' is "any". */
export type ArchiveFilters = { q: string; department: Department | ''; resolvedFrom: string; resolvedTo: string };
export type ArchiveField = keyof ArchiveFilters;
export const NO_ARCHIVE_FILTERS: ArchiveFilters = { q: '', department: '', resolvedFrom: '', resolvedTo: '' };

/** Under the conversations' prefix, so every live change and mutation refreshes a filtered archive too. */
export const archiveQueryKey = (employeeId: number, filters: ArchiveFilters) => [...conversationsQueryKey, 'staff', 'RESOLVED', employeeId, 'archive', filters] as const;

const setOnly = (filters: ArchiveFilters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Partial<ArchiveFilters>;

export function fetchArchive(employeeId: number, filters: ArchiveFilters): Promise<ConversationListItem[]> {
  const query = new URLSearchParams({ status: 'RESOLVED', employeeId: String(employeeId), ...setOnly(filters) });
  return http.get(`/api/conversations?${query}`, conversationListResponse);
}

/**
 * The API's own check of the filters (the same schema, so the same words), field by field: a
 * reversed range is said under "Resolved to" before anything is sent.
 */
export function archiveFilterErrors(filters: ArchiveFilters): Partial<Record<ArchiveField, string>> {
  const checked = staffConversationsQuery.safeParse(setOnly(filters));
  return checked.success ? {} : (firstIssuePerField(checked.error.issues) as Partial<Record<ArchiveField, string>>);
}

/** The last answer stays shown while the next one loads, so the list does not flash empty as one types. */
export function useArchive(employeeId: number, filters: ArchiveFilters) {
  return useQuery({ queryKey: archiveQueryKey(employeeId, filters), queryFn: () => fetchArchive(employeeId, filters), placeholderData: keepPreviousData });
}
