import type { QueryClient } from '@tanstack/react-query';
import { hasAuthToken } from '../lib/auth-cookie';
import { translationsReady } from '../lib/i18n';
import { startFirstRequests } from './first-requests';
import { guardedRoutes, preloadFirstScreen } from './router';

/**
 * The longest a signed-in first screen's first render waits for the session, the page's code and
 * its first lists. Within it the screen is drawn once, complete; past it, the header and
 * 'Loading...' are drawn meanwhile (spec section 6). The same 300 ms React uses for a Suspense
 * fallback: a wait shorter than that reads as no wait, a 'Loading...' shown for less as a flicker.
 */
export const FIRST_RENDER_WAIT_MS = 300;

type Timer = (done: () => void, ms: number) => unknown;

/**
 * Starts what the first screen needs (its code, and for a signed-in tab GET /api/users/me, the
 * screen's lists and the header's notifications) and settles when the app should first render:
 *
 * - a public page (home, login): once its code is in, so it never shows a Suspense fallback;
 * - a guarded page with a session: once all of it is in, or after FIRST_RENDER_WAIT_MS. Drawing
 *   'Loading...' first cost the main thread a render and a layout of the whole page while the
 *   answers waited to be read (a Chromium trace of /user: /api/users/me answered 190 ms before the
 *   page could read it; issue 16), and a second render of the header and the page after them;
 * - anything else (a guarded page without a session, an unknown address): at once.
 *
 * In every case also once the reader's language's texts are in (Polish is fetched only for a
 * reader of Polish), with no time limit: drawing English meanwhile would show the wrong language.
 */
export function firstRender(client: QueryClient, pathname: string, options: { waitMs?: number; setTimer?: Timer } = {}): Promise<void> {
  return Promise.all([translationsReady(), screenReady(client, pathname, options)]).then(() => undefined);
}

function screenReady(client: QueryClient, pathname: string, { waitMs = FIRST_RENDER_WAIT_MS, setTimer = setTimeout as Timer }): Promise<void> {
  const code = preloadFirstScreen(pathname);
  const roles = guardedRoutes.find(({ path }) => path === pathname)?.roles;
  if (!roles) return code;
  if (!hasAuthToken()) return Promise.resolve();
  const ready = Promise.all([code, startFirstRequests(client, pathname, roles)]).then(() => undefined);
  return Promise.race([ready, new Promise<void>((resolve) => setTimer(resolve, waitMs))]);
}
