import { employeeMessages, fullName, type UserResponse } from '@portal/contract';
import { useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { ListStates } from '../../../lib/ui/list-states';
import { useSetEmployeeEnabledMutation } from '../api/mutations';
import { useEmployees } from '../api/queries';
import { ADMIN_NS } from '../i18n';
import { BusyButton } from '../../../lib/ui/busy-button';

/**
 * Spec sections 2, 4 and 8: every employee with a status badge and the button that switches it.
 * Deactivating asks first (the person is signed out at once); the row then shows the `enabled` the
 * API answered. On a phone the table reflows into one card per employee (admin.css).
 */
export function ManageEmployees() {
  const { t } = useTranslation(ADMIN_NS);
  const message = useMessageText();
  const employees = useEmployees();
  const mutation = useSetEmployeeEnabledMutation();
  const [confirming, setConfirming] = useState<UserResponse>();

  function change(employee: UserResponse, enabled: boolean) {
    const name = fullName(employee);
    mutation.mutate(
      { id: employee.id, enabled },
      {
        onSuccess: (answer) => {
          notify(t(answer.enabled ? 'manage.activated' : 'manage.deactivated', { name }), 'success', { key: 'admin.employee-status' });
        },
        onError: () => {
          notify(message(employeeMessages.statusFailed) ?? employeeMessages.statusFailed, 'error', { key: 'admin.employee-status' });
        },
        onSettled: () => setConfirming(undefined),
      },
    );
  }

  const list = employees.data ?? [];
  const busyId = mutation.isPending ? mutation.variables.id : undefined;

  return (
    <section className="admin-employees" aria-label={t('manage.caption')}>
      <NotificationSlot keys={['admin.employee-status']} />
      <ListStates
        isPending={employees.isPending}
        isError={employees.isError}
        isEmpty={list.length === 0}
        emptyText={t('manage.empty')}
        errorText={message(employeeMessages.fetchFailed)}
      >
        {/* Explicit roles keep the table's meaning when the phone layout turns rows into cards. */}
        <table role="table" className="admin-table admin-table--employees">
          <caption className="visually-hidden">{t('manage.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">{t('manage.firstName')}</th>
              <th role="columnheader" scope="col">{t('manage.lastName')}</th>
              <th role="columnheader" scope="col">{t('manage.email')}</th>
              <th role="columnheader" scope="col">{t('manage.phoneNumber')}</th>
              <th role="columnheader" scope="col">{t('manage.status')}</th>
              <th role="columnheader" scope="col">{t('manage.action')}</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {list.map((employee) => {
              const name = fullName(employee);
              const isBusy = busyId === employee.id;
              return (
                <tr role="row" key={employee.id} className={employee.enabled ? undefined : 'admin-table__row--inactive'}>
                  <td role="cell" data-label={t('manage.firstName')}>{employee.firstName}</td>
                  <td role="cell" data-label={t('manage.lastName')}>{employee.lastName}</td>
                  <td role="cell" data-label={t('manage.email')} className="admin-table__email">{employee.email}</td>
                  <td role="cell" data-label={t('manage.phoneNumber')}>{employee.phoneNumber}</td>
                  <td role="cell" data-label={t('manage.status')}>
                    <span className={`badge ${employee.enabled ? 'badge--active' : 'badge--inactive'}`}>
                      {employee.enabled ? t('manage.active') : t('manage.inactive')}
                    </span>
                  </td>
                  <td role="cell" data-label={t('manage.action')}>
                    <BusyButton
                      type="button"
                      className={`button ${employee.enabled ? 'button--danger' : 'button--secondary'} admin-table__action`}
                      aria-label={t(employee.enabled ? 'manage.deactivateNamed' : 'manage.activateNamed', { name })}
                      busy={isBusy}
                      onClick={() => (employee.enabled ? setConfirming(employee) : change(employee, true))}
                    >
                      {isBusy ? t('manage.updating') : employee.enabled ? t('manage.deactivate') : t('manage.activate')}
                    </BusyButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListStates>
      <ConfirmDialog
        isOpen={confirming !== undefined}
        title={t('manage.confirmTitle', { name: confirming ? fullName(confirming) : '' })}
        confirmLabel={t('manage.confirm')}
        cancelLabel={t('manage.cancel')}
        busyLabel={t('manage.updating')}
        isBusy={mutation.isPending}
        onConfirm={() => confirming && change(confirming, false)}
        onCancel={() => setConfirming(undefined)}
      >
        <p>{t('manage.confirmBody', { name: confirming ? fullName(confirming) : '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
