import type { Role } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../lib/auth-cookie';
import { prefetchCurrentUser } from '../lib/current-user';
import { askCurrentUserEarly, takeEarlyCurrentUser } from '../lib/current-user-early';
import { takeEarlyList } from '../lib/first-lists-early';
import { http } from '../lib/http';
import { createQueryClient } from '../lib/query-client';
import { type FakeRequest, routeFetch } from '../test/fetch';
import { startFirstRequests } from './first-requests';
import { guardedRoutes } from './router';

function me(role: Role) {
  return { id: 4, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
}
const rolesOf = (path: string) => guardedRoutes.find((route) => route.path === path)?.roles;
const urlOf = (request: FakeRequest) => `${request.path}${request.query.size ? `?${request.query.toString()}` : ''}`;
const answerAs = (role: Role) => (request: FakeRequest) => (request.path === '/api/users/me' ? { body: me(role) } : request.path === '/api/notifications' ? undefined : { body: [] });
/** Resolves once the early file has read /me's answer and asked for its lists (if any). */
const earlyDecided = () => takeEarlyList('/nothing-asked-early');

const SCREENS = ['/user', '/employee', '/financial-obligations', '/createCase', '/createObligations', '/admin'];
const ROLES: Role[] = ['USER', 'EMPLOYEE', 'ADMIN'];

afterEach(() => {
  void takeEarlyCurrentUser();
  window.history.pushState({}, '', '/');
  vi.useRealTimers();
});

describe("a signed-in screen's first lists, asked as the page loads", () => {
  it('are the very lists the app asks for first, for every screen and role, and none is asked twice', async () => {
    storeAuthToken('token');
    for (const screen of SCREENS) {
      for (const role of ROLES) {
        // What the app asks on its own (no early file): the reference.
        const alone = routeFetch(answerAs(role));
        const client = createQueryClient();
        prefetchCurrentUser(client);
        await startFirstRequests(client, screen, rolesOf(screen));
        const expected = alone.map(urlOf).sort();

        window.history.pushState({}, '', screen);
        const requests = routeFetch(answerAs(role));
        askCurrentUserEarly({});
        await earlyDecided();
        const askedEarly = requests.map(urlOf).sort();
        const withEarly = createQueryClient();
        prefetchCurrentUser(withEarly);
        await startFirstRequests(withEarly, screen, rolesOf(screen));

        expect(askedEarly, `${screen} as ${role}`).toEqual(expected);
        expect(requests.map(urlOf).sort(), `${screen} as ${role}: asked again`).toEqual(expected);
      }
    }
  });

  it('are not asked when /me is refused, and other screens ask nothing early', async () => {
    storeAuthToken('token');
    window.history.pushState({}, '', '/user');
    const refused = routeFetch(() => ({ status: 401, body: { error: 'Unauthorized', message: 'Session expired' } }));
    askCurrentUserEarly({});
    await earlyDecided();
    expect(refused.map(urlOf)).toEqual(['/api/users/me']);

    window.history.pushState({}, '', '/account');
    const elsewhere = routeFetch(answerAs('USER'));
    askCurrentUserEarly({});
    await earlyDecided();
    expect(elsewhere.map(urlOf)).toEqual(['/api/users/me']);
  });

  it('an early answer that failed on the way, or is older than ten seconds, is asked for again', async () => {
    storeAuthToken('token');
    vi.useFakeTimers({ now: new Date('2026-11-24T09:00:00Z'), toFake: ['Date'] });
    window.history.pushState({}, '', '/financial-obligations');
    let obligationsAsked = 0;
    const requests = routeFetch((request) => {
      if (request.path === '/api/financial-obligations/by-interest-id/4') return obligationsAsked++ === 0 ? 'network-error' : { body: [] };
      return answerAs('USER')(request);
    });
    askCurrentUserEarly({});
    await earlyDecided();
    await expect(http.get('/api/financial-obligations/by-interest-id/4')).resolves.toEqual([]);
    expect(obligationsAsked).toBe(2);

    vi.setSystemTime(new Date('2026-11-24T09:00:11Z'));
    await http.get('/api/notifications');
    expect(requests.filter((request) => request.path === '/api/notifications')).toHaveLength(2);
  });
});
