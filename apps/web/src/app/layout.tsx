import { Outlet } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { EnrolmentGate } from '../features/account/two-factor/components/enrolment-gate';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { hasAuthToken } from '../lib/auth-cookie';
import { NotificationRegion } from '../lib/notifications';
import { afterLoad } from '../lib/ui/after-load';
import { AccountStatus } from './account-status';
import { LanguageSwitch } from './language-switch';
import { loadMatters } from './matters-code';
import { TopNavigation } from './top-navigation';

// A dialog with no place in the layout: its code (and the account texts) loads only for a signed-in
// tab, so a visitor's first screen does not carry it; drawn when it arrives, without a Suspense
// fallback (see afterLoad).
const SessionTimeout = afterLoad(() => import('../features/account/session-timeout/session-timeout').then((module) => module.SessionTimeout));
// Issue 32: a citizen's "My matters" beside the spec's navigation, loaded the same way (it sits
// beside the Menu button on a phone and at the row's end on a wide screen: it moves nothing).
const BesideNavigation = afterLoad(() => loadMatters().then((module) => module.MattersLink));

/**
 * A tab with a session starts loading the session warning as the app starts, beside GET
 * /api/users/me. (The header's bell stays in the first download: drawn a moment after the name
 * beside it, it moved the header on a phone, a layout shift of 0.14.)
 */
export function preloadSignedInParts(): void {
  if (hasAuthToken()) SessionTimeout.preload().catch(() => undefined);
}

export function Layout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner site-header__top">
          <p className="site-header__brand">{t('appName')}</p>
          <div className="site-header__tools">
            <AccountStatus />
            <NotificationBell />
            <LanguageSwitch />
          </div>
        </div>
        <div className="site-header__inner">
          <TopNavigation />
          {hasAuthToken() && <BesideNavigation />}
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <NotificationRegion />
        {/* Issue 21: a staff session that must set up two-factor sign-in sees only its set-up. */}
        <EnrolmentGate>
          <Outlet />
        </EnrolmentGate>
      </main>
      {/* Issue 21: the two-minute warning before the session ends (WCAG 2.2.1). */}
      {hasAuthToken() && <SessionTimeout />}
      <footer className="site-footer">
        <p>{t('appName')}</p>
      </footer>
    </>
  );
}
