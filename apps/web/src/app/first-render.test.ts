import type { Role } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../lib/auth-cookie';
import { currentUserQueryKey, prefetchCurrentUser } from '../lib/current-user';
import { i18n, registerTranslations } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { routeFetch } from '../test/fetch';
import { FIRST_RENDER_WAIT_MS, firstRender } from './first-render';
import { guardedRoutes } from './router';

function me(role: Role) {
  return { id: 4, username: 'anowak', email: 'a@example.org', firstName: 'Anna', lastName: 'Nowak', role, phoneNumber: '501234567', dateOfBirth: '1990-01-01', enabled: true };
}

/** A timer that fires only when the test says so, and remembers how long it was set for. */
function manualTimer() {
  const timer = { ms: undefined as number | undefined, fire: () => {}, set: (done: () => void, ms: number) => ((timer.fire = done), (timer.ms = ms)) };
  return timer;
}

const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 0))]);

describe("a signed-in screen's first render", () => {
  it("comes once the current user, the header's notifications and the screen's list are in, so it is drawn once, complete", async () => {
    storeAuthToken('token');
    let releaseList = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    const requests = routeFetch((request) => {
      if (request.path === '/api/users/me') return { body: me('USER') };
      if (request.path === '/api/financial-obligations/by-interest-id/4') return listHeld.then(() => ({ body: [] }));
      return undefined;
    });
    const client = createQueryClient();
    prefetchCurrentUser(client);
    const render = firstRender(client, '/financial-obligations', { setTimer: manualTimer().set });
    const page = guardedRoutes.find(({ path }) => path === '/financial-obligations')?.Page;
    if (!page || !('preload' in page)) throw new Error('the screen is not loaded lazily');
    await page.preload();
    await vi.waitFor(() => expect(requests.map(({ path }) => path)).toContain('/api/financial-obligations/by-interest-id/4'));
    // The page's code and the session are in; its list is not yet.
    expect(await settled(render)).toBe(false);
    releaseList();
    await render;
    expect(requests.map(({ path }) => path).sort()).toEqual(['/api/financial-obligations/by-interest-id/4', '/api/notifications', '/api/users/me']);
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ id: 4 });
    expect(client.getQueryData(['notifications', 'list'])).toEqual({ items: [], unreadCount: 0 });
  });

  it("waits at most FIRST_RENDER_WAIT_MS: a slow answer leaves the header and 'Loading...' drawn meanwhile", async () => {
    storeAuthToken('token');
    routeFetch(() => new Promise(() => {}));
    const client = createQueryClient();
    prefetchCurrentUser(client);
    const timer = manualTimer();
    const render = firstRender(client, '/user', { setTimer: timer.set });
    expect(await settled(render)).toBe(false);
    expect(timer.ms).toBe(FIRST_RENDER_WAIT_MS);
    timer.fire();
    expect(await settled(render)).toBe(true);
  });

  it('does not wait for a visitor without a session (the page says Unauthorized)', async () => {
    const requests = routeFetch(() => undefined);
    const timer = manualTimer();
    expect(await settled(firstRender(createQueryClient(), '/user', { setTimer: timer.set }))).toBe(true);
    expect(timer.ms).toBeUndefined();
    expect(requests).toEqual([]);
  });
});

describe("a reader of Polish's first render", () => {
  it('waits for the Polish texts however long they take, so no English is drawn first', async () => {
    await i18n.changeLanguage('pl');
    let arrive = () => {};
    registerTranslations('test-first-render', {
      en: { title: 'Title' },
      pl: () => new Promise<{ pl: { title: string } }>((resolve) => (arrive = () => resolve({ pl: { title: 'Tytuł' } }))),
    });
    const timer = manualTimer();
    const render = firstRender(createQueryClient(), '/user', { setTimer: timer.set });
    expect(await settled(render)).toBe(false);
    arrive();
    expect(await settled(render)).toBe(true);
  });
});
