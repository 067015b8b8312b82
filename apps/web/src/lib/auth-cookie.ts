import { AUTH_COOKIE_NAME, AUTH_TOKEN_LIFETIME_MINUTES, RELOAD_DELAY_MS } from '@portal/contract';

// Spec section 4: the visitor is logged in exactly when this cookie exists. It is readable by
// script on purpose: the HTTP client copies it into the Bearer header of every call.

export function readAuthToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== AUTH_COOKIE_NAME) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    return value === '' ? undefined : value;
  }
  return undefined;
}

export function hasAuthToken(): boolean {
  return readAuthToken() !== undefined;
}

export function storeAuthToken(token: string): void {
  const maxAgeSeconds = AUTH_TOKEN_LIFETIME_MINUTES * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function removeAuthToken(): void {
  document.cookie = `${AUTH_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Indirection so unit tests can watch reloads (jsdom's location cannot be replaced). */
export const pageReloader = {
  reload: () => window.location.reload(),
  /** Loads another path of the portal afresh, as the reload would load this one. */
  open: (path: string) => window.location.assign(path),
};

/**
 * The spec reloads the page about 100 ms after login, register and logout. A sign-in that began
 * on another page of the portal (issue 35) loads that page instead, at the same moment.
 */
export function reloadSoon(delayMs: number = RELOAD_DELAY_MS, path?: string): void {
  window.setTimeout(() => (path === undefined ? pageReloader.reload() : pageReloader.open(path)), delayMs);
}
