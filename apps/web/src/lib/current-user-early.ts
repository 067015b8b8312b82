// GET /api/users/me, asked the moment the page's scripts are in, before the app's code runs. main.tsx
// imports this module first and the build gives it a file of its own (vite.config.ts), so it runs
// ahead of the libraries and the contract: evaluating those (every domain's zod schemas are built
// as the contract loads) took ~100 ms of a signed-in screen's start, and the request used to wait
// for it (a Chromium trace of /user, issue 16). Only this module's own few lines and what they
// import may run here: nothing from @portal/contract, React or the translations.

import { askFirstListsEarly } from './first-lists-early';

/** The auth cookie's name (AUTH_COOKIE_NAME in the contract, which is too heavy to load here). */
export const EARLY_AUTH_COOKIE_NAME = 'auth_token';

function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim()) || undefined;
  }
  return undefined;
}

let early: Promise<Response> | undefined;

/**
 * Sends the request lib/http.ts would (credentials, the Bearer token, JSON; not the reader's
 * language, which only receipts use); nothing without a session. Only with the API on the page's own origin (no
 * VITE_API_URL, as the portal is deployed): an API elsewhere is asked once lib/config.ts has read
 * its address.
 */
export function askCurrentUserEarly(env: { VITE_API_URL?: string } = import.meta.env): void {
  const token = cookie(EARLY_AUTH_COOKIE_NAME);
  if (!token || (env.VITE_API_URL ?? '').trim() !== '') return;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  early = fetch('/api/users/me', { credentials: 'include', headers });
  askFirstListsEarly(early, headers, window.location.pathname);
}

/** The answer asked for at load, once: whoever asks next (a refetch, after a login) asks the API anew. */
export function takeEarlyCurrentUser(): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  return taken;
}

askCurrentUserEarly();
