import { reloadSoon, removeAuthToken } from './auth-cookie';

/**
 * The portal's one logout, used by the header and by the login page's welcome view (spec section
 * 4): the auth cookie goes and the page reloads about 100 ms later, anonymous.
 */
export function logOut(): void {
  removeAuthToken();
  reloadSoon();
}
