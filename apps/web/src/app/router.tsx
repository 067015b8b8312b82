import { obligationMessages, type Role } from '@portal/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { HomePage } from '../features/home/pages/home-page';
import { RequireRole } from '../lib/require-role';
import { ErrorPage, NotFoundPage, RootErrorPage } from './error-page';
import { Layout } from './layout';
import { type LazyPage, lazyPage } from './lazy-page';

// Screens behind a role load on first visit, so a chart library or a PDF viewer never weighs
// on the home and login pages.
const UserDashboardPage = lazyPage(() => import('../features/letters/pages/user-dashboard-page'), 'UserDashboardPage');
const EmployeeDashboardPage = lazyPage(() => import('../features/letters/pages/employee-dashboard-page'), 'EmployeeDashboardPage');
const FinancialObligationsPage = lazyPage(() => import('../features/obligations/pages/financial-obligations-page'), 'FinancialObligationsPage');
const CreateObligationsPage = lazyPage(() => import('../features/obligations/pages/create-obligations-page'), 'CreateObligationsPage');
const CaseResolutionsPage = lazyPage(() => import('../features/cases/pages/case-resolutions-page'), 'CaseResolutionsPage');
const VerifyPage = lazyPage(() => import('../features/verify/pages/verify-page'), 'VerifyPage');
const NotificationSettingsPage = lazyPage(() => import('../features/notifications/pages/notification-settings-page'), 'NotificationSettingsPage');
const AccountPage = lazyPage(() => import('../features/account/pages/account-page'), 'AccountPage');
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
  // Issue 21: your sessions and your data (and, for an admin, staff sessions and closure requests).
  { path: '/account', roles: everyRole, Page: AccountPage },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // A page that throws keeps the navigation: its error renders inside the layout.
        errorElement: <ErrorPage />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', element: <LoginPage /> },
          // Public (issue 20): anyone holding a receipt may check it.
          { path: '/verify', element: <VerifyPage /> },
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

export function createAppRouter() {
  // The first screen's code loads beside GET /api/users/me as the app starts, not once the guard renders.
  const firstPage = guardedRoutes.find(({ path }) => path === window.location.pathname)?.Page;
  if (firstPage && 'preload' in firstPage) firstPage.preload().catch(() => undefined);
  return createBrowserRouter(routes);
}
