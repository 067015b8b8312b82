import { obligationMessages, obligationReference, type ObligationResponse } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { formatAmount, formatDate } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { statusShown } from '../totals';
import { ObligationStatus } from './status-badge';
import { TransferPanel } from './transfer-panel';

/** Spec section 2 detail view: 'Back to list'; description, amount in PLN, due date, payment status, issue date. */
export function ObligationDetail({ obligation, onBack }: { obligation: ObligationResponse; onBack: () => void }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [obligation.id]);
  return (
    <article className="obligation-detail" aria-labelledby="obligation-detail-title">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {message(obligationMessages.backToList)}
      </button>
      <h2 id="obligation-detail-title" ref={heading} tabIndex={-1} className="obligation-detail__title">
        {obligation.description ?? t('untitled', { reference: obligationReference(obligation.id) })}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('fields.description')}</dt>
          <dd>{obligation.description ?? t('noDescription')}</dd>
        </div>
        <div>
          <dt>{t('fields.amount')}</dt>
          <dd className="facts__amount">{formatAmount(obligation.amount, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('fields.dueDate')}</dt>
          <dd>{formatDate(obligation.dueDate, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('fields.paymentStatus')}</dt>
          <dd>
            <ObligationStatus obligation={obligation} />
          </dd>
        </div>
        <div>
          <dt>{t('fields.issueDate')}</dt>
          <dd>{formatDate(obligation.issueDate, i18n.language)}</dd>
        </div>
      </dl>
      {statusShown(obligation) === 'OVERDUE' && <p className="note note--warning">{t('pastDueNote')}</p>}
      {obligation.transfer && <TransferPanel transfer={obligation.transfer} />}
    </article>
  );
}
