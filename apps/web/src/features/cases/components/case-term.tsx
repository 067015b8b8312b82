import type { CaseResolutionResponse } from '@portal/contract';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { CASES_NS } from '../i18n';
import './case-term.css';

/**
 * The office's legal clock on a case (issue 32): the day it must decide by, from the server (KPA
 * art. 35 and 57), while the case waits for its decision; and why the term is longer when a clerk
 * found the case particularly complicated.
 */
export function CaseTerm({ item }: { item: CaseResolutionResponse }) {
  const { t, i18n } = useTranslation(CASES_NS);
  const isOpen = item.status === 'PENDING' || item.status === 'IN_PROGRESS';
  if (!isOpen || !item.dueDate) return null;
  return (
    <div className="case-term">
      <p className="case-term__due">
        {t('details.decisionBy', { date: formatDate(item.dueDate, i18n.language, { long: true }) })}
      </p>
      {item.complicatedReason && (
        <p className="case-term__reason">{t('details.complicated', { count: item.termMonths, reason: item.complicatedReason })}</p>
      )}
    </div>
  );
}
