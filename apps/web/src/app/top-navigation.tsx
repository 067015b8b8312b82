import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/current-user';
import { navigationLinks } from './navigation-links';

/** The role from the current-user call picks the links; NavLink marks the current page with aria-current. */
export function TopNavigation() {
  const { t } = useTranslation();
  const session = useSession();
  const links = navigationLinks[session.status === 'user' ? session.user.role : 'anonymous'];
  return (
    <nav aria-label={t('nav.label')} className="top-nav">
      <ul className="top-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="top-nav__link">
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
