import { userResponse, type Role, type UserResponse } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { hasAuthToken, removeAuthToken } from './auth-cookie';
import { takeEarlyCurrentUser } from './current-user-early';
import { HttpError, http, readAnswer } from './http';

/** Invalidate this key after anything that changes who is logged in or their profile. */
export const currentUserQueryKey = ['users', 'me'] as const;

export function fetchCurrentUser(): Promise<UserResponse> {
  // The first time, the answer to the request sent as the page loaded; a network failure there is
  // asked again like any other call.
  const early = takeEarlyCurrentUser();
  const answer = early ? early.then((response) => readAnswer(response, userResponse), () => http.get('/api/users/me', userResponse)) : http.get('/api/users/me', userResponse);
  return answer.catch(forgetRefusedToken);
}

/**
 * A token the API refuses (401: the session ended, the account was closed or deactivated) is of no
 * use: the cookie goes, so the header shows one signed-out state, "Log in", not also "Logout"
 * (issue 35). Other failures (the API unreachable) keep it: the session may still be good.
 */
function forgetRefusedToken(error: unknown): never {
  if (error instanceof HttpError && error.status === 401) removeAuthToken();
  throw error;
}

export const currentUserQuery = queryOptions({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, staleTime: 5 * 60_000 });

/** GET /api/users/me, asked only while the auth cookie exists (spec sections 2 and 4). */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: hasAuthToken() });
}

/**
 * Asks for the current user as the app starts, before React has drawn anything: every signed-in
 * screen waits for it, and a query hook would only ask once the first render is committed.
 */
export function prefetchCurrentUser(client: QueryClient): void {
  if (hasAuthToken()) void client.prefetchQuery(currentUserQuery);
}

export type Session =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'user'; user: UserResponse };

/** Who is looking at the page: the role from the current-user call drives navigation and guards. */
export function useSession(): Session {
  const query = useCurrentUser();
  if (!hasAuthToken()) return { status: 'anonymous' };
  if (query.data) return { status: 'user', user: query.data };
  if (query.isPending) return { status: 'loading' };
  return { status: 'failed' };
}

export function hasRole(session: Session, roles: readonly Role[]): boolean {
  return session.status === 'user' && roles.includes(session.user.role);
}
