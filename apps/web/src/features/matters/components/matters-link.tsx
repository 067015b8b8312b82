import { NavLink } from 'react-router';
import { useSession } from '../../../lib/current-user';
import { useTranslation } from '../../../lib/i18n';
import { MATTERS_NS } from '../i18n';

/**
 * A citizen's "My matters" link (issue 32) in a navigation of its own beside the spec's top
 * navigation, whose links stay exactly as spec section 2 lists them. The layout loads it with the
 * page's code after the first screen, so the shell every first screen downloads does not carry it.
 */
export function MattersLink() {
  const { t } = useTranslation(MATTERS_NS);
  const session = useSession();
  if (session.status !== 'user' || session.user.role !== 'USER') return null;
  return (
    <nav aria-label={t('navLabel')} className="beside-nav">
      <NavLink to="/matters" end className="top-nav__link">
        {t('title')}
      </NavLink>
    </nav>
  );
}
