import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useSession } from '../../../lib/current-user';
import { PageShell } from '../../../lib/ui/page-shell';
import { MyDataPanel } from '../my-data/my-data-panel';
import { EndStaffSessions } from '../sessions/end-staff-sessions';
import { SessionsPanel } from '../sessions/sessions-panel';
import { TWO_FACTOR_PATH } from '../../../lib/service-links';
import { ACCOUNT_NS } from '../i18n';
import '../account.css';

/** "Your account" (issue 21): your sessions and your data; an admin also ends staff sessions. */
export function AccountPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const session = useSession();
  const user = session.status === 'user' ? session.user : null;
  return (
    <PageShell title={t('title')} welcome={t('intro')}>
      <div className="account-page">
        <section className="card account-section" aria-labelledby="two-factor-title">
          <h2 id="two-factor-title">{t('twoFactorTitle')}</h2>
          <p>{t('twoFactorText')}</p>
          <Link to={TWO_FACTOR_PATH}>{t('twoFactorLink')}</Link>
        </section>
        <MyDataPanel canClose={user?.role === 'USER'} />
        {/* Requests to close an account are handled in the Admin Dashboard's own tab (issue 35). */}
        {user?.role === 'ADMIN' && <EndStaffSessions adminId={user.id} />}
        {/* Last: its length is known only when it arrives (one entry per signed-in device), and below
            it nothing is left to push down. */}
        <SessionsPanel />
      </div>
    </PageShell>
  );
}
