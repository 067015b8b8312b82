import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMatters, type MatterFilter } from './calls';

/** Every query key of "My matters", defined once: all its lists, and the list per filter and page. */
export const mattersListsQueryKey = ['matters', 'list'] as const;
export const mattersQueryKey = (filter: MatterFilter) => [...mattersListsQueryKey, filter] as const;

/**
 * The page of matters; the previous page stays on screen while the next one loads. Read afresh each
 * time the page opens (not the portal's 30 s): it is where a citizen looks after answering a
 * request or appealing on another screen, and a list from before that said they still owed it.
 */
export function useMatters(filter: MatterFilter) {
  return useQuery({ queryKey: mattersQueryKey(filter), queryFn: () => fetchMatters(filter), placeholderData: keepPreviousData, staleTime: 0 });
}
