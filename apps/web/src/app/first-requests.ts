import { PENDING_CASE_FILTER, type Role, type UserResponse } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notificationListQuery } from '../features/notifications/api/queries';
import { currentUserQuery } from '../lib/current-user';
import { hasAuthToken } from '../lib/auth-cookie';

type FirstRequests = (client: QueryClient, me: UserResponse) => Promise<unknown>;

/**
 * Per signed-in screen, the lists its page asks for as it first renders, whatever the role it is
 * shown to; the first render waits for what the returned promise waits for (see firstRender). Loaded beside the page's code (the page imports the same module), so only the screen
 * being opened pays for them.
 */
const firstRequests: Record<string, () => Promise<FirstRequests>> = {
  '/user': () =>
    import('../features/letters/api/queries').then(({ userConversationsQuery }) => (client, me) => client.prefetchQuery(userConversationsQuery(me.id))),
  '/employee': () =>
    import('../features/letters/api/queries').then(({ staffConversationsQuery }) => (client, me) =>
      Promise.all([client.prefetchQuery(staffConversationsQuery('OPEN', me.id)), client.prefetchQuery(staffConversationsQuery('IN_PROGRESS', me.id))]),
    ),
  '/financial-obligations': () =>
    import('../features/obligations/api/queries').then(({ obligationsQuery }) => (client, me) => client.prefetchQuery(obligationsQuery(me.id))),
  // The list comes first: a citizen's pending and other cases, staff's pending queue.
  '/createCase': () =>
    import('../features/cases/api/queries').then(({ casesByStatusQuery, userCasesQuery }) => (client, me) =>
      Promise.all([
        client.prefetchQuery(casesByStatusQuery(PENDING_CASE_FILTER)),
        me.role === 'USER' ? client.prefetchQuery(userCasesQuery(me.id)) : undefined,
      ]),
    ),
  // The user picker's labels (citizens only: obligations are charged to them): asked, not waited
  // for. The picker is drawn without them (no 'Loading...'; they matter once someone types), and
  // they are the slowest first list (bench/README.md).
  '/createObligations': () =>
    import('../features/obligations/api/queries').then(({ userLabelsQuery }) => (client) => {
      void client.prefetchQuery(userLabelsQuery('USER'));
      return Promise.resolve();
    }),
  '/admin': () => import('../features/admin/api/queries').then(({ employeesQuery }) => (client) => client.prefetchQuery(employeesQuery)),
};

/**
 * Starts the first screen's own lists the moment GET /api/users/me answers, instead of once React
 * has rendered the page with that answer: the page then finds them asked for (or already in). The
 * header's notification list goes with them, on every signed-in screen. Only for a person whose
 * role may see the screen, so nobody is sent a refusal. Settles once they have answered (or failed).
 */
export async function startFirstRequests(client: QueryClient, pathname: string, roles: readonly Role[] | undefined): Promise<void> {
  if (!roles || !hasAuthToken()) return;
  const load = firstRequests[pathname];
  try {
    const [me, request] = await Promise.all([client.ensureQueryData(currentUserQuery), load?.()]);
    await Promise.all([client.prefetchQuery(notificationListQuery), request && roles.includes(me.role) ? request(client, me) : undefined]);
  } catch {
    // No session, or the code did not arrive: the page asks for its lists itself, and shows why not.
  }
}
