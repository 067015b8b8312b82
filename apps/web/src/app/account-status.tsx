import { fullName } from '@portal/contract';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { useSession } from '../lib/current-user';
import { logOut } from '../lib/log-out';

/**
 * Who is signed in (name and role in words) with a Logout button, or a way to log in for a visitor
 * who is not. A cookie whose user cannot be loaded (an expired session) gets both: Logout clears it.
 */
export function AccountStatus() {
  const { t } = useTranslation();
  const session = useSession();
  // Holds the row's place until the session is known, so the page below does not jump when it is.
  if (session.status === 'loading') return <div className="account" aria-hidden="true" />;
  if (session.status === 'user') {
    const { user } = session;
    return (
      <div className="account">
        <p className="account__who">
          <span className="account__label">{t('account.signedInAs')}</span>{' '}
          {/* Issue 21: the name opens "Your account" (sessions, your data) without widening the header on a phone. */}
          <Link to="/account" className="account__name-link" title={t('account.yourAccount')}>
            <strong className="account__name">{fullName(user)}</strong>
          </Link>{' '}
          <span className="account__role">({t(`roles.${user.role}`)})</span>
        </p>
        <button type="button" className="account__button" onClick={logOut}>
          {t('account.logout')}
        </button>
      </div>
    );
  }
  return (
    <div className="account">
      <Link to="/login" className="account__button account__button--link">
        {t('account.logIn')}
      </Link>
      {session.status === 'failed' && (
        <button type="button" className="account__button" onClick={logOut}>
          {t('account.logout')}
        </button>
      )}
    </div>
  );
}
