import { fullName, type UserResponse } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { AdminLinks } from '../components/admin-links';
import { useClosureRequests } from '../api/queries';
import { AuditLog } from '../components/audit-log';
import { ClosureRequests } from '../components/closure-requests';
import { LegalTerms } from '../components/legal-terms';
import { ManageEmployees } from '../components/manage-employees';
import { PasswordResetSender } from '../components/password-reset-sender';
import { TwoFactorReset } from '../components/two-factor-reset';
import { ADMIN_NS } from '../i18n';
import '../admin.css';

// The registration form (react-hook-form, its schema) is in a tab that is not the first one shown:
// it loads once the page is drawn, not with it (issue 16).
// Issue 33: the Performance tab (its chart library and texts) loads only when it is opened.
const PerformanceDashboard = lazy(() => import('../components/performance/performance-dashboard').then((module) => ({ default: module.PerformanceDashboard })));
const RegisterEmployeeForm = afterLoad(() => import('../components/register-employee-form').then((module) => module.RegisterEmployeeForm), { placeholder: <LoadingState /> });

// Issue 32 point 6: the prompts tab loads on its own, when opened.
const PromptsTab = afterLoad(() => import('../components/prompts-tab').then((module) => module.default), { placeholder: <LoadingState /> });

// Issue 33: the stale assignments and the desk settings, in their own chunk.
const StaleAssignments = afterLoad(() => import('../stale/stale-assignments').then((module) => module.default), { placeholder: <LoadingState /> });

// Issue 33: the departments' reply templates, loaded when their tab is first shown.
const ReplyTemplateManager = afterLoad(() => import('../../../lib/reply-templates/template-manager').then((module) => module.ReplyTemplateManager), {
  placeholder: <LoadingState />,
});

type AdminTab = 'register' | 'manage' | 'audit' | 'closures' | 'terms' | 'performance' | 'prompts' | 'stale' | 'templates';

/** Spec section 2, Admin Dashboard (ADMIN only; the route guards the role). Manage Employees is the default tab. */
export function AdminDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <AdminDashboard me={me} /> : null;
}

function AdminDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(ADMIN_NS);
  // The bell's entry of a new prompt opens /admin?tab=prompts.
  const [tab, setTab] = useState<AdminTab>(() => (new URLSearchParams(window.location.search).get('tab') === 'prompts' ? 'prompts' : 'manage'));
  usePreloadWhenIdle(RegisterEmployeeForm);
  const closureCount = useClosureRequests().data?.length ?? 0;
  return (
    <PageShell<AdminTab>
      title={t('heading')}
      welcome={t('welcome', { name: fullName(me) })}
      tabs={{
        label: t('tabs.label'),
        selected: tab,
        onSelect: setTab,
        tabs: [
          { id: 'register', label: t('tabs.register'), panel: <RegisterEmployeeForm /> },
          {
            id: 'manage',
            label: t('tabs.manage'),
            panel: (
              <>
                <ManageEmployees />
                {/* Issue 21: an admin resets an employee's second factor. */}
                <TwoFactorReset />
                {/* Issue 35: a password-reset link for anyone who cannot sign in, citizens included. */}
                <PasswordResetSender />
              </>
            ),
          },
          { id: 'audit', label: t('tabs.audit'), panel: <AuditLog /> },
          // Issue 35: beside the spec's tabs, the requests to close an account, with how many wait.
          { id: 'closures', label: closureCount ? `${t('closures.closureTab')} (${closureCount})` : t('closures.closureTab'), panel: <ClosureRequests /> },
          { id: 'terms', label: t('tabs.terms'), panel: <LegalTerms /> },
          {
            id: 'performance',
            label: t('tabs.performance'),
            panel: (
              <Suspense fallback={<LoadingState />}>
                <PerformanceDashboard />
              </Suspense>
            ),
          },
          { id: 'prompts', label: t('tabs.prompts'), panel: <PromptsTab /> },
          { id: 'stale', label: t('tabs.stale'), panel: <StaleAssignments /> },
          { id: 'templates', label: t('tabs.templates'), panel: <ReplyTemplateManager scope="DEPARTMENT" /> },
        ],
      }}
    >
      <AdminLinks />
    </PageShell>
  );
}
