import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Fetches again what `queryKey` names once the live connection has opened: an event sent before the
 * server knew the socket reached no one. An invalidation restarts a refetch of data already shown,
 * but a first fetch still on its way (no data yet) is joined, not restarted, and it may have read
 * before that event: it is asked again once it has answered.
 */
export function catchUp(queryClient: QueryClient, queryKey: QueryKey): void {
  const firstFetches = queryClient
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: 'fetching' })
    .filter((query) => query.state.data === undefined);
  void queryClient.invalidateQueries({ queryKey });
  for (const query of firstFetches) {
    // A failed first fetch shows its own error and retry; only an answer can be stale.
    query.promise?.then(
      () => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      () => undefined,
    );
  }
}
