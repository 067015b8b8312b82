import type { ObligationResponse } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n';
import { OBLIGATIONS_NS } from '../i18n';
import { statusShown } from '../totals';

/** The status a payer reads: 'Overdue' for any unpaid obligation past its due date (issue 35). */
export function ObligationStatus({ obligation }: { obligation: Pick<ObligationResponse, 'paymentStatus' | 'dueDate'> }) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  const status = statusShown(obligation);
  return (
    <span className="obligation-status">
      <span className={`status-badge status-badge--${status.toLowerCase()}`}>{t(`status.${status}`)}</span>
    </span>
  );
}
