import { commonMessages, type Role } from '@portal/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole, useSession, type Session } from './current-user';
import { useMessageText } from './i18n';
import { LoadingState } from './ui/list-states';
import { useDocumentTitle } from './ui/use-document-title';

type RequireRoleProps = {
  roles: readonly Role[];
  /** A contract text shown instead of 'Loading...' while the current user loads ('Loading user data...'). */
  loadingText?: string;
  children: ReactNode;
  /** Starts loading the page's code while the current user loads, not after. */
  preload?: () => Promise<unknown>;
};

/**
 * Spec section 6: a page shows 'Loading...' while the current user loads and 'Unauthorized' to a
 * visitor whose role is not allowed (a visitor who is not logged in included).
 */
export function RequireRole({ roles, loadingText, children, preload }: RequireRoleProps) {
  const session = useSession();
  const mayShowPage = session.status === 'loading' || hasRole(session, roles);
  useEffect(() => {
    // Loaded in parallel with the session; a failure shows when the page itself renders.
    if (mayShowPage) preload?.().catch(() => undefined);
  }, [preload, mayShowPage]);
  const message = useMessageText();
  if (session.status === 'loading') return <LoadingState text={message(loadingText)} />;
  if (!hasRole(session, roles)) return <Unauthorized session={session} roles={roles} />;
  return children;
}

/**
 * 'Unauthorized', and why: a visitor who is not logged in is offered the login page; a signed-in
 * person learns which roles the page is for and is offered the home page.
 */
function Unauthorized({ session, roles }: { session: Session; roles: readonly Role[] }) {
  const { t, i18n } = useTranslation();
  const message = useMessageText();
  const heading = message(commonMessages.unauthorized);
  useDocumentTitle(heading);
  const roleNames = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(roles.map((role) => t(`roles.${role}`)));
  return (
    <section className="card state-card" aria-labelledby="unauthorized-title">
      <h1 id="unauthorized-title" className="state-card__title">
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
            <Link to="/login" className="button button--primary">
              {t('unauthorized.logIn')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
