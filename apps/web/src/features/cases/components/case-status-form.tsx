import { CASE_STATUSES, type CaseStatus, PENDING_CASE_FILTER } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications';
import { SelectField } from '../../../lib/ui/select-field';
import { useUpdateCaseStatusMutation } from '../api/mutations';
import { CASES_NS } from '../i18n';

/**
 * Spec sections 2 and 4, for employees and admins: any of the four statuses and 'Update'
 * ('Updating...' while busy). Afterwards the pending list is loaded again and the choice goes
 * back to PENDING.
 */
export function CaseStatusForm({ caseId }: { caseId: number }) {
  const { t } = useTranslation(CASES_NS);
  const [status, setStatus] = useState<CaseStatus>(PENDING_CASE_FILTER);
  const mutation = useUpdateCaseStatusMutation();
  const isBusy = mutation.isPending;

  return (
    <form
      className="case-status-form"
      aria-busy={isBusy}
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(
          { caseId, status },
          {
            onSuccess: (updated) => {
              notify(t('details.updated', { id: caseId, status: t(`status.${updated.status}`) }), 'success', { key: `cases.status.${caseId}` });
              setStatus(PENDING_CASE_FILTER);
            },
            onError: (error) => {
              console.error('Case status not changed', error);
              notify(t('details.updateFailed'), 'error', { key: `cases.status.${caseId}` });
            },
          },
        );
      }}
    >
      <SelectField
        label={t('details.statusLabel')}
        className="case-status-form__field"
        options={CASE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={status}
        disabled={isBusy}
        onChange={(event) => setStatus(event.currentTarget.value as CaseStatus)}
      />
      <button type="submit" className="button button--primary" disabled={isBusy}>
        {isBusy ? t('details.updating') : t('details.update')}
      </button>
    </form>
  );
}
