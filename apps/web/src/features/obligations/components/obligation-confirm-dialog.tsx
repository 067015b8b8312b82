import { fullName, type obligationForm, type UserSummary } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod/mini';
import { formatAmount, formatDate } from '../../../lib/format';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { OBLIGATIONS_NS } from '../i18n';

/** A checked form waiting for the clerk's yes, and whom it charges. */
export type PendingObligation = { values: z.output<typeof obligationForm>; user: UserSummary };

type ObligationConfirmDialogProps = {
  /** The dialog is open while it is set. */
  pending: PendingObligation | undefined;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The summary a clerk confirms before charging a citizen ("You are charging Anna Nowak 120.00 PLN..."). */
export function ObligationConfirmDialog({ pending, isBusy, onConfirm, onCancel }: ObligationConfirmDialogProps) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  return (
    <ConfirmDialog
      isOpen={pending !== undefined}
      title={t('confirm.title')}
      confirmLabel={t('confirm.confirm')}
      cancelLabel={t('confirm.cancel')}
      busyLabel={t('create.busy')}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending && (
        <>
          <p className="obligation-summary">
            {t('confirm.summary', {
              name: fullName(pending.user),
              amount: formatAmount(pending.values.amount, i18n.language),
              date: formatDate(pending.values.dueDate, i18n.language, {
                long: true,
              }),
            })}
          </p>
          <p>
            {t('confirm.details', {
              issued: formatDate(pending.values.issueDate, i18n.language, {
                long: true,
              }),
              status: t(`status.${pending.values.paymentStatus}`),
            })}
          </p>
          <p>
            {pending.values.description
              ? t('confirm.description', {
                  description: pending.values.description,
                })
              : t('confirm.noDescription')}
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
