import { obligationMessages, type UserSummary } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { PageShell } from '../../../lib/ui/page-shell';
import type { CreatedObligation } from '../components/created-obligation';
import { ObligationForm } from '../components/obligation-form';
import { UserPicker } from '../components/user-picker';
import { OBLIGATIONS_NS } from '../i18n';
import '../obligations.css';

// Neither shows before a citizen is chosen or an obligation created: their code loads on idle after
// the first view (issue 16: /createObligations' first JavaScript).
const CreatedObligationPanel = afterLoad(() => import('../components/created-obligation').then((module) => module.CreatedObligationPanel));
const RecentObligations = afterLoad(() => import('../components/recent-obligations').then((module) => module.RecentObligations));

/**
 * Spec section 2, Create Obligations (EMPLOYEE and ADMIN; the route guards the roles). Beside the
 * spec's form: the chosen citizen's recent obligations, and after a creation a panel that stays.
 */
export function CreateObligationsPage() {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const [selected, setSelected] = useState<UserSummary>();
  const [created, setCreated] = useState<CreatedObligation>();
  // Create pressed without a user: 'Please select a user.' stands at the picker until one is chosen.
  const [userMissing, setUserMissing] = useState(false);
  // A new picker after each creation: the last search text no longer hides the labels.
  const [creations, setCreations] = useState(0);
  usePreloadWhenIdle(CreatedObligationPanel, RecentObligations);

  function onCreated(next: CreatedObligation) {
    setCreated(next);
    setSelected(undefined);
    setCreations((count) => count + 1);
  }

  return (
    <PageShell title={t('common:page.createObligations')}>
      <section className="card two-pane create-obligations">
        <div className="two-pane__list">
          <UserPicker
            key={creations}
            selected={selected}
            error={userMissing && !selected ? message(obligationMessages.selectUser) : undefined}
            onSelect={(user) => {
              setSelected(user);
              setUserMissing(false);
            }}
          />
        </div>
        <div className="two-pane__detail create-obligations__detail">
          {created && <CreatedObligationPanel created={created} />}
          <div className="create-obligations__work">
            <ObligationForm user={selected} onCreated={onCreated} userMissing={userMissing} onUserMissing={() => setUserMissing(true)} />
            {selected && <RecentObligations citizen={selected} />}
          </div>
        </div>
      </section>
    </PageShell>
  );
}
