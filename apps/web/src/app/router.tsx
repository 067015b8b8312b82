import { CHANGE_PASSWORD_PAGE, obligationMessages, PASSWORD_RESET_PAGE, type Role } from '@portal/contract';
import type { ComponentType } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RequireRole } from '../lib/require-role';
import { TWO_FACTOR_PATH } from '../lib/service-links';
import { ErrorPage, NotFoundPage, RootErrorPage } from './error-page';
import { Layout } from './layout';
import { loadMatters } from './matters-code';
import { type LazyPage, lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

// Every screen's code loads on first visit, so each first screen downloads only its own: the home
// page no forms, the login page no chart library or PDF viewer (scripts/bundle-budget.mjs).
const HomePage = lazyPage(() => import('../features/home/pages/home-page'), 'HomePage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const UserDashboardPage = lazyPage(() => import('../features/letters/pages/user-dashboard-page'), 'UserDashboardPage');
const EmployeeDashboardPage = lazyPage(() => import('../features/letters/pages/employee-dashboard-page'), 'EmployeeDashboardPage');
const FinancialObligationsPage = lazyPage(() => import('../features/obligations/pages/financial-obligations-page'), 'FinancialObligationsPage');
const CreateObligationsPage = lazyPage(() => import('../features/obligations/pages/create-obligations-page'), 'CreateObligationsPage');
const CaseResolutionsPage = lazyPage(() => import('../features/cases/pages/case-resolutions-page'), 'CaseResolutionsPage');
const VerifyPage = lazyPage(() => import('../features/verify/pages/verify-page'), 'VerifyPage');
const NotificationSettingsPage = lazyPage(() => import('../features/notifications/pages/notification-settings-page'), 'NotificationSettingsPage');
const TwoFactorPage = lazyPage(() => import('../features/account/two-factor/pages/two-factor-page'), 'TwoFactorPage');
const AccountPage = lazyPage(() => import('../features/account/pages/account-page'), 'AccountPage');
const ChangePasswordPage = lazyPage(() => import('../features/passwords/pages/change-password-page'), 'ChangePasswordPage');
const PasswordResetPage = lazyPage(() => import('../features/passwords/pages/password-reset-page'), 'PasswordResetPage');
const MattersPage = lazyPage(loadMatters, 'MattersPage');
const RatePage = lazyPage(() => import('../features/rate/pages/rate-page'), 'RatePage');
const PerformancePage = lazyPage(() => import('../features/performance/pages/performance-page'), 'PerformancePage');
const AdminDashboardPage = lazyPage(() => import('../features/admin/pages/admin-dashboard-page'), 'AdminDashboardPage');

const everyRole: readonly Role[] = ['USER', 'EMPLOYEE', 'ADMIN'];
const staff: readonly Role[] = ['EMPLOYEE', 'ADMIN'];

/** Spec sections 2 and 6 in one table: each guarded screen with the roles that may see it. */
export const guardedRoutes: readonly { path: string; roles: readonly Role[]; Page: ComponentType | LazyPage; loadingText?: string }[] = [
  { path: '/user', roles: everyRole, Page: UserDashboardPage },
  { path: '/employee', roles: staff, Page: EmployeeDashboardPage },
  { path: '/financial-obligations', roles: everyRole, Page: FinancialObligationsPage, loadingText: obligationMessages.loadingUser },
  { path: '/admin', roles: ['ADMIN'], Page: AdminDashboardPage },
  { path: '/createObligations', roles: staff, Page: CreateObligationsPage },
  // USER and ADMIN create and list, EMPLOYEE lists only: the page decides what to show per role.
  { path: '/createCase', roles: everyRole, Page: CaseResolutionsPage },
  // Every email's footer links here (issue 18).
  { path: '/notification-settings', roles: everyRole, Page: NotificationSettingsPage },
  // Two-factor sign-in (issue 21): everyone's own set-up; staff under STAFF_2FA=required land here.
  { path: TWO_FACTOR_PATH, roles: everyRole, Page: TwoFactorPage },
  // Issue 21: your sessions and your data (and, for an admin, staff sessions and closure requests).
  { path: '/account', roles: everyRole, Page: AccountPage },
  // Issue 35: everyone changes their own password.
  { path: CHANGE_PASSWORD_PAGE, roles: everyRole, Page: ChangePasswordPage },
  // Issue 32: a citizen's letters, cases and payments on one list.
  { path: '/matters', roles: ['USER'], Page: MattersPage },
];

/** Last resort: the layout itself failed. */
function LayoutWithErrors() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <RootErrorPage error={error} />}>
      <Layout />
    </RouteErrorBoundary>
  );
}

/** A page that throws keeps the navigation: its error renders inside the layout. */
function PageWithErrors() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <LayoutWithErrors />,
    children: [
      {
        element: <PageWithErrors />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', element: <LoginPage /> },
          // Public (issue 20): anyone holding a receipt may check it.
          { path: '/verify', element: <VerifyPage /> },
          // Public (issue 33 point 9): how the office answers, as a page and as open data.
          { path: '/performance', element: <PerformancePage /> },
          // Public (issue 35): the admin-sent reset link opens here, signed out.
          { path: PASSWORD_RESET_PAGE, element: <PasswordResetPage /> },
          // Public (issue 32): a resolved letter's email links here to rate the answer, signed out.
          // The contract's RATING_PAGE, written out: importing it would put the rating's messages in every first screen.
          { path: '/rate', element: <RatePage /> },
          ...guardedRoutes.map(({ path, roles, Page, loadingText }) => ({
            path,
            element: (
              <RequireRole roles={roles} loadingText={loadingText} code={'preload' in Page ? Page : undefined}>
                <Page />
              </RequireRole>
            ),
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The route table in the declarative router (`<BrowserRouter>` or `<MemoryRouter>` around it): the
 * app uses none of the data router's loaders or actions, and the data router alone weighs 16 kB
 * gzip more on every first screen.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

const publicPages: readonly { path: string; Page: LazyPage }[] = [
  { path: '/', Page: HomePage },
  { path: '/login', Page: LoginPage },
];

/**
 * Starts loading the first screen's code as the app starts, beside GET /api/users/me. The promise
 * settles once the page's code is in (or failed to arrive): see firstRender, which decides how long
 * the first render waits for it.
 */
export function preloadFirstScreen(pathname: string): Promise<void> {
  const publicPage = publicPages.find(({ path }) => path === pathname)?.Page;
  if (publicPage) return publicPage.preload().then(preloadPublicPages, () => undefined);
  const guarded = guardedRoutes.find(({ path }) => path === pathname)?.Page;
  if (!guarded || !('preload' in guarded)) return Promise.resolve();
  return guarded.preload().then(
    () => undefined,
    () => undefined,
  );
}

/** The other public page (home, login) in idle time after the first one, so moving between them shows no 'Loading...'. */
function preloadPublicPages() {
  const preload = () => publicPages.forEach(({ Page }) => void Page.preload().catch(() => undefined));
  if ('requestIdleCallback' in window) window.requestIdleCallback(preload);
  else setTimeout(preload, 0);
}
