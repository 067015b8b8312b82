import { hasAuthToken, reloadSoon, removeAuthToken } from './auth-cookie';
import { request } from './http';

/** A logout must not hang on an API that does not answer: the cookie goes after this at the latest. */
const LOGOUT_CALL_TIMEOUT_MS = 3_000;

/** Asks the API to revoke the token (POST /logout with the Bearer header); any failure is ignored. */
async function endSessionOnServer(): Promise<void> {
  if (!hasAuthToken()) return;
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), LOGOUT_CALL_TIMEOUT_MS);
  try {
    await request('/logout', { method: 'POST', signal: controller.signal });
  } catch (error) {
    // The cookie still goes: the visitor asked to leave. The token then simply expires.
    console.warn('[logout] the server did not confirm the logout', error);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * The portal's one logout, used by the header and by the login page's welcome view (spec section
 * 4): the API revokes the token, so a copy of it stops working too; then the auth cookie goes and
 * the page reloads about 100 ms later, anonymous.
 */
export function logOut(): void {
  void endSessionOnServer().finally(() => {
    removeAuthToken();
    reloadSoon();
  });
}
