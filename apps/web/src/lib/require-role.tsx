import { commonMessages, type Role } from '@portal/contract';
import { type ReactNode, useEffect, useReducer } from 'react';
import { Link, useLocation } from 'react-router';
import { hasRole, useSession, type Session } from './current-user';
// The module itself, not lib/format's index: that would bring the screen-kit file into every screen's first load.
import { formatList } from './format/lists';
import { useMessageText, useTranslation } from './i18n';
import { loginPathReturningTo } from './return-path';
import { LoadingState } from './ui/list-states';
import { useDocumentTitle } from './ui/use-document-title';

type RequireRoleProps = {
  roles: readonly Role[];
  /** A contract text shown instead of 'Loading...' while the current user loads ('Loading user data...'). */
  loadingText?: string;
  children: ReactNode;
  /** A lazily loaded page's code: loaded while the current user loads, and waited for here. */
  code?: { preload: () => Promise<unknown>; isLoaded: () => boolean };
};

/**
 * Spec section 6: a page shows 'Loading...' while the current user loads and 'Unauthorized' to a
 * signed-in person whose role is not allowed. A visitor who is not logged in (which the spec does
 * not show) is asked to sign in and comes back to this very address afterwards (issue 35).
 */
export function RequireRole({ roles, loadingText, children, code }: RequireRoleProps) {
  const session = useSession();
  const mayShowPage = session.status === 'loading' || hasRole(session, roles);
  // A count, not a flag: moving from one guarded page to another keeps this component (same place
  // in the tree), and a flag already true would not re-render when the next page's code arrives.
  const [, codeArrived] = useReducer((arrivals: number) => arrivals + 1, 0);
  const waitsForCode = hasRole(session, roles) && code !== undefined && !code.isLoaded();
  useEffect(() => {
    if (!mayShowPage || !code) return;
    if (code.isLoaded()) {
      // The code arrived between this render and its effect (the first screen's code is loaded
      // beside the session, and lands at any moment): nothing else would draw the page, which
      // stayed on 'Loading...' for good.
      if (waitsForCode) codeArrived();
      return;
    }
    let current = true;
    // Loaded in parallel with the session; a failure shows when the page itself renders.
    const settle = () => current && codeArrived();
    code.preload().then(settle, settle);
    return () => {
      current = false;
    };
  }, [code, mayShowPage, waitsForCode]);
  const message = useMessageText();
  // 'Loading...' stays until the page's code is in too. Rendering the page earlier would show its
  // Suspense fallback instead, and React keeps a fallback on screen for at least 300 ms once shown.
  if (session.status === 'loading' || waitsForCode) {
    return <LoadingState text={message(loadingText)} />;
  }
  if (!hasRole(session, roles)) return <Unauthorized session={session} roles={roles} />;
  return children;
}

/**
 * 'Unauthorized', and why, for a signed-in person of another role (offered the home page); a
 * visitor who is not logged in reads that the page needs a sign-in, with a login link that returns here.
 */
function Unauthorized({ session, roles }: { session: Session; roles: readonly Role[] }) {
  const { t, i18n } = useTranslation();
  const message = useMessageText();
  const { pathname, search, hash } = useLocation();
  const isSignedIn = session.status === 'user';
  const heading = isSignedIn ? message(commonMessages.unauthorized) : t('unauthorized.anonymousTitle');
  useDocumentTitle(heading);
  const roleNames = formatList(roles.map((role) => t(`roles.${role}`)), i18n.language);
  return (
    <section className="card state-card" aria-labelledby="unauthorized-title">
      <h1 id="unauthorized-title" className={isSignedIn ? 'state-card__title' : 'state-card__title state-card__title--step'}>
        {heading}
      </h1>
      {session.status === 'user' ? (
        <>
          <p>{t('unauthorized.signedIn', { role: t(`roles.${session.user.role}`), roles: roleNames })}</p>
          <p>
            <Link to="/" className="button button--primary">
              {t('unauthorized.home')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('unauthorized.anonymous')}</p>
          <p>
            <Link to={loginPathReturningTo(`${pathname}${search}${hash}`)} className="button button--primary">
              {t('unauthorized.logIn')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
