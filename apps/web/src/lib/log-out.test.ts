import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../test/fetch';
import { hasAuthToken, pageReloader, storeAuthToken } from './auth-cookie';
import { logOut } from './log-out';

describe('logOut', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the API to revoke the token, then removes the cookie and reloads about 100 ms later', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const requests = routeFetch((request) => (request.method === 'POST' && request.path === '/logout' ? { status: 204 } : undefined));
    const fetchMock = vi.mocked(fetch);
    storeAuthToken('abc');

    logOut();

    await vi.waitFor(() => expect(hasAuthToken()).toBe(false), { interval: 1 });
    const removedAt = Date.now();
    expect(reload).not.toHaveBeenCalled();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /logout']);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(Date.now() - removedAt).toBeGreaterThanOrEqual(90);
  });

  it.each([
    ['an error answer', { status: 500, body: { error: 'InternalServerError', message: 'x' } } as const],
    ['no network', 'network-error' as const],
  ])('still logs out on %s', async (_name, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    routeFetch(() => answer);
    storeAuthToken('abc');

    logOut();

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(hasAuthToken()).toBe(false);
  });

  it('calls no server when there is no session, and reloads all the same', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const requests = routeFetch(() => undefined);

    logOut();

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(requests).toEqual([]);
  });
});
