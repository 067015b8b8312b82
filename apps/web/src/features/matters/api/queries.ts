import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMatters, type MatterFilter } from './calls';

/** Every query key of "My matters", defined once: the list per filter and page. */
export const mattersQueryKey = (filter: MatterFilter) => ['matters', 'list', filter] as const;

/** The page of matters; the previous page stays on screen while the next one loads. */
export function useMatters(filter: MatterFilter) {
  return useQuery({ queryKey: mattersQueryKey(filter), queryFn: () => fetchMatters(filter), placeholderData: keepPreviousData });
}
