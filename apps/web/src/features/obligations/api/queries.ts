import type { Role } from '@portal/contract';
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchObligations, fetchUserLabels, fetchUserPage, type UserSearch } from './calls';
import { userLabelsQueryKey, userObligationsQueryKey, userPagesQueryKey } from './query-keys';

/** A person's obligations (also asked for by the router as the Financial Obligations code loads). */
export const obligationsQuery = (userId: number) => queryOptions({ queryKey: userObligationsQueryKey(userId), queryFn: () => fetchObligations(userId) });

export function useObligations(userId: number) {
  return useQuery(obligationsQuery(userId));
}

/** The label panel: a few hundred labels however many users; new accounts appear within a minute. */
export const userLabelsQuery = (role: Role) => queryOptions({ queryKey: userLabelsQueryKey(role), queryFn: () => fetchUserLabels(role), staleTime: 60_000 });

export function useUserLabels(role: Role) {
  return useQuery(userLabelsQuery(role));
}

/** A label's users or a search's matches, a page at a time ('Show more' asks for the next). */
export function useUserPages(search: UserSearch, role: Role, enabled = true) {
  return useInfiniteQuery({
    queryKey: userPagesQueryKey(search, role),
    queryFn: ({ pageParam }) => fetchUserPage(search, role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    enabled,
    // While the next search runs, the last answer stays on screen instead of a blank list.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
