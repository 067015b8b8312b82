import type { ObligationResponse } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { OBLIGATIONS_NS } from '../i18n';
import { isPastDue } from '../totals';

/** The stored status, and 'Past due' for a PENDING obligation whose due date has passed. */
export function ObligationStatus({ obligation }: { obligation: Pick<ObligationResponse, 'paymentStatus' | 'dueDate'> }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  return (
    <span className="obligation-status">
      <span className={`status-badge status-badge--${obligation.paymentStatus.toLowerCase()}`}>{t(`status.${obligation.paymentStatus}`)}</span>
      {isPastDue(obligation) && <span className="status-badge status-badge--past-due">{t('pastDue')}</span>}
    </span>
  );
}
