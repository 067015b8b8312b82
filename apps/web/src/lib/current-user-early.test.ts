import { AUTH_COOKIE_NAME } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../test/fetch';
import { storeAuthToken } from './auth-cookie';
import { fetchCurrentUser } from './current-user';
import { askCurrentUserEarly, EARLY_AUTH_COOKIE_NAME, takeEarlyCurrentUser } from './current-user-early';
import { HttpError } from './http';

const me = { id: 4, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role: 'USER', phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };

afterEach(() => void takeEarlyCurrentUser());

describe('who is signed in, asked as the page loads', () => {
  it('reads the same cookie as the rest of the app', () => {
    expect(EARLY_AUTH_COOKIE_NAME).toBe(AUTH_COOKIE_NAME);
  });

  it('is asked with the session token and credentials, like every other call', () => {
    storeAuthToken('the-token');
    routeFetch(() => ({ body: me }));
    askCurrentUserEarly({});
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/users/me');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-token');
  });

  it('is not asked without a session, nor when the API lives on another origin', () => {
    const requests = routeFetch(() => ({ body: me }));
    askCurrentUserEarly({});
    storeAuthToken('the-token');
    askCurrentUserEarly({ VITE_API_URL: 'https://api.example.org' });
    expect(requests).toEqual([]);
  });

  it('answers the app\'s first question about the current user, and only the first', async () => {
    storeAuthToken('the-token');
    const requests = routeFetch(() => ({ body: me }));
    askCurrentUserEarly({});
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: 4, role: 'USER' });
    expect(requests).toHaveLength(1);
    await fetchCurrentUser();
    expect(requests).toHaveLength(2);
  });

  it('gives a refusal to the app as any call would (an expired session)', async () => {
    storeAuthToken('the-token');
    const requests = routeFetch(() => ({ status: 401, body: { error: 'Unauthorized', message: 'Session expired' } }));
    askCurrentUserEarly({});
    const error: unknown = await fetchCurrentUser().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(requests).toHaveLength(1);
  });

  it('is asked again when it failed on the way (the network)', async () => {
    storeAuthToken('the-token');
    let calls = 0;
    const requests = routeFetch(() => (calls++ === 0 ? 'network-error' : { body: me }));
    askCurrentUserEarly({});
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: 4 });
    expect(requests).toHaveLength(2);
  });
});
