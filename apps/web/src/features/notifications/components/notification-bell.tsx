import { useSession } from '../../../lib/current-user';
import { afterLoad } from '../../../lib/ui/after-load';

/**
 * The bell's code (its list query, the live socket, its words and styles) is not part of the first
 * screen's download (issue 16): it loads beside GET /api/users/me for a tab with a session and is
 * drawn once both are in, without a Suspense fallback (see afterLoad).
 */
export const DeferredBell = afterLoad(() => import('./bell').then((module) => module.Bell));

/** The header's notification list of a signed-in person (issue 18); nothing for a visitor. */
export function NotificationBell() {
  const session = useSession();
  return session.status === 'user' ? <DeferredBell /> : null;
}
