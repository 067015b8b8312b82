import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ADMIN_NS } from '../i18n';

/** Spec section 6: the screens an admin may use that the admin's navigation (section 2) does not list. */
const LINKS = [
  { to: '/employee', key: 'links.employeeDashboard' },
  { to: '/user', key: 'links.userDashboard' },
  { to: '/createObligations', key: 'links.createObligations' },
  { to: '/createCase', key: 'links.caseResolutions' },
] as const;

export function AdminLinks() {
  const { t } = useTranslation(ADMIN_NS);
  return (
    <nav className="card admin-links" aria-labelledby="admin-links-title">
      <h2 id="admin-links-title" className="admin-links__title">
        {t('links.title')}
      </h2>
      <ul className="admin-links__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.key)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
