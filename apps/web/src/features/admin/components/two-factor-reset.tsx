import { fullName, type UserResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { SelectField } from '../../../lib/ui/select-field';
import { resetTwoFactor } from '../api/calls';
import { useEmployees } from '../api/queries';
import { ADMIN_NS } from '../i18n';

/**
 * Issue 21: an admin removes an employee's second factor (a lost phone); the employee sets it up
 * again at their next sign-in. Audited by the server; no secret is ever shown. Appears once the
 * employee list is in, under the table, so nothing above it moves.
 */
export function TwoFactorReset() {
  const { t } = useTranslation(ADMIN_NS);
  const message = useMessageText();
  const employees = useEmployees();
  const headingId = useId();
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState<UserResponse>();
  const reset = useMutation({ mutationFn: (id: number) => resetTwoFactor(id) });

  if (!employees.data?.length) return null;
  const target = employees.data.find((employee) => String(employee.id) === chosen);

  function confirm(employee: UserResponse) {
    reset.mutate(employee.id, {
      onSuccess: () => notify(t('twoFactorReset.done', { name: fullName(employee) }), 'success', { key: 'admin.two-factor-reset' }),
      onError: (error) =>
        notify((error instanceof HttpError && message(error.message)) || t('twoFactorReset.failed'), 'error', { key: 'admin.two-factor-reset' }),
      onSettled: () => setConfirming(undefined),
    });
  }

  return (
    <section className="two-factor-reset" aria-labelledby={headingId}>
      <h2 id={headingId} className="two-factor-reset__title">
        {t('twoFactorReset.title')}
      </h2>
      <p>{t('twoFactorReset.explain')}</p>
      <div className="two-factor-reset__row">
        <SelectField
          label={t('twoFactorReset.employee')}
          placeholder={t('twoFactorReset.choose')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          options={employees.data.map((employee) => ({ value: String(employee.id), label: `${fullName(employee)} (${employee.username})` }))}
        />
        <button type="button" className="button button--secondary" disabled={!target} onClick={() => setConfirming(target)}>
          {t('twoFactorReset.button')}
        </button>
      </div>
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={t('twoFactorReset.confirmTitle', { name: confirming ? fullName(confirming) : '' })}
        confirmLabel={t('twoFactorReset.confirm')}
        cancelLabel={t('twoFactorReset.cancel')}
        onConfirm={() => confirming && confirm(confirming)}
        onCancel={() => setConfirming(undefined)}
        isBusy={reset.isPending}
      >
        <p>{t('twoFactorReset.confirmBody')}</p>
      </ConfirmDialog>
      <NotificationSlot keys={['admin.two-factor-reset']} />
    </section>
  );
}
