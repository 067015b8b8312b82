import type { UserSummary } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../lib/ui/page-shell';
import { ObligationForm } from '../components/obligation-form';
import { UserPicker } from '../components/user-picker';
import { OBLIGATIONS_NS } from '../i18n';
import '../obligations.css';

/** Spec section 2, Create Obligations (EMPLOYEE and ADMIN; the route guards the roles). */
export function CreateObligationsPage() {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const [selected, setSelected] = useState<UserSummary>();
  return (
    <PageShell title={t('common:page.createObligations')}>
      <section className="card two-pane create-obligations">
        <div className="two-pane__list">
          <UserPicker selected={selected} onSelect={setSelected} />
        </div>
        <div className="two-pane__detail">
          <ObligationForm user={selected} onCreated={() => setSelected(undefined)} />
        </div>
      </section>
    </PageShell>
  );
}
