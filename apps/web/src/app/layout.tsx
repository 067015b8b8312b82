import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EnrolmentGate } from '../features/account/two-factor/components/enrolment-gate';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { hasAuthToken } from '../lib/auth-cookie';
import { NotificationRegion } from '../lib/notifications';
import { AccountStatus } from './account-status';
import { LanguageSwitch } from './language-switch';
import { TopNavigation } from './top-navigation';

// A dialog with no place in the layout: its code (and the account texts) loads only for a signed-in
// tab, so a visitor's first screen does not carry it.
const SessionTimeout = lazy(() => import('../features/account/session-timeout/session-timeout').then((module) => ({ default: module.SessionTimeout })));

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
      {hasAuthToken() && (
        <Suspense fallback={null}>
          <SessionTimeout />
        </Suspense>
      )}
      <footer className="site-footer">
        <p>{t('appName')}</p>
      </footer>
    </>
  );
}
