import type { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { storeAuthToken } from '../lib/auth-cookie';
import { prefetchCurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { routeFetch } from '../test/fetch';
import { startFirstRequests } from './first-requests';
import { guardedRoutes } from './router';

function me(role: Role) {
  return { id: 4, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
}

const rolesOf = (path: string) => guardedRoutes.find((route) => route.path === path)?.roles;

describe("a signed-in screen's first lists", () => {
  it('are asked for as soon as the current user is known, before any page renders', async () => {
    storeAuthToken('token');
    const requests = routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: me('USER') };
      if (request.path === '/api/financial-obligations/by-interest-id/4') return { body: [] };
      return undefined;
    });
    const client = createQueryClient();
    prefetchCurrentUser(client);
    await startFirstRequests(client, '/financial-obligations', rolesOf('/financial-obligations'));
    expect(requests.map(({ path }) => path)).toEqual(['/api/users/me', '/api/notifications', '/api/financial-obligations/by-interest-id/4']);
  });

  it('are the lists each screen shows first: a citizen\'s two case lists, staff\'s queue, the user picker\'s labels', async () => {
    storeAuthToken('token');
    const asked = async (path: string, role: Role) => {
      // The header's notifications get the stand-in's empty list (undefined), the screen's lists an empty one.
      const requests = routeFetch((request) => (request.path === '/api/users/me' ? { body: me(role) } : request.path === '/api/notifications' ? undefined : { body: [] }));
      const client = createQueryClient();
      prefetchCurrentUser(client);
      await startFirstRequests(client, path, rolesOf(path));
      return requests.map((request) => request.path).sort();
    };
    expect(await asked('/createCase', 'USER')).toEqual(['/api/case-resolution/status/PENDING', '/api/case-resolution/user/4', '/api/notifications', '/api/users/me']);
    expect(await asked('/createCase', 'EMPLOYEE')).toEqual(['/api/case-resolution/status/PENDING', '/api/notifications', '/api/users/me']);
    expect(await asked('/createObligations', 'EMPLOYEE')).toEqual(['/api/notifications', '/api/users/labels', '/api/users/me']);
  });

  it('are not asked for by a person whose role may not see the screen (only the header\'s notifications are)', async () => {
    storeAuthToken('token');
    const requests = routeFetch((request) => (request.path === '/api/users/me' ? { body: me('USER') } : undefined));
    const client = createQueryClient();
    prefetchCurrentUser(client);
    await startFirstRequests(client, '/admin', rolesOf('/admin'));
    expect(requests.map(({ path }) => path)).toEqual(['/api/users/me', '/api/notifications']);
  });

  it('are not asked for without a session', async () => {
    const requests = routeFetch(() => undefined);
    await startFirstRequests(createQueryClient(), '/user', rolesOf('/user'));
    expect(requests).toEqual([]);
  });
});
