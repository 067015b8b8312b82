import { fullName, type UserResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { AdminLinks } from '../components/admin-links';
import { AuditLog } from '../components/audit-log';
import { ManageEmployees } from '../components/manage-employees';
import { TwoFactorReset } from '../components/two-factor-reset';
import { ADMIN_NS } from '../i18n';
import '../admin.css';

// The registration form (react-hook-form, its schema) is in a tab that is not the first one shown:
// it loads once the page is drawn, not with it (issue 16).
const RegisterEmployeeForm = afterLoad(() => import('../components/register-employee-form').then((module) => module.RegisterEmployeeForm), { placeholder: <LoadingState /> });

type AdminTab = 'register' | 'manage' | 'audit';

/** Spec section 2, Admin Dashboard (ADMIN only; the route guards the role). Manage Employees is the default tab. */
export function AdminDashboardPage() {
  const { data: me } = useCurrentUser();
  // The role guard renders this page only once the current user is known.
  return me ? <AdminDashboard me={me} /> : null;
}

function AdminDashboard({ me }: { me: UserResponse }) {
  const { t } = useTranslation(ADMIN_NS);
  const [tab, setTab] = useState<AdminTab>('manage');
  usePreloadWhenIdle(RegisterEmployeeForm);
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
              </>
            ),
          },
          { id: 'audit', label: t('tabs.audit'), panel: <AuditLog /> },
        ],
      }}
    >
      <AdminLinks />
    </PageShell>
  );
}
