import { fullName, type UserResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { PageShell } from '../../../lib/ui/page-shell';
import { AdminLinks } from '../components/admin-links';
import { AuditLog } from '../components/audit-log';
import { ManageEmployees } from '../components/manage-employees';
import { TwoFactorReset } from '../components/two-factor-reset';
import { RegisterEmployeeForm } from '../components/register-employee-form';
import { ADMIN_NS } from '../i18n';
import '../admin.css';

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
