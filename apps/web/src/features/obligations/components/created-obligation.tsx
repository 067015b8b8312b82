import { fullName, obligationMessages, obligationReference, type ObligationResponse, type UserSummary } from '@portal/contract';
import { useEffect, useId, useRef } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { formatAmount, formatDate } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';

/** What the clerk keeps of a created obligation: the API's answer and whom it was for. */
export type CreatedObligation = { obligation: ObligationResponse; citizen: UserSummary };

/**
 * The lasting result of a creation, opened by the spec's 'Financial obligation created
 * successfully.' (said here, where it lasts, not again in a passing notice): reference, citizen, amount and due date. It stays until the next creation, and
 * takes the focus when it appears so a screen reader reads it.
 */
export function CreatedObligationPanel({ created: { obligation, citizen } }: { created: CreatedObligation }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const message = useMessageText();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [obligation.id]);
  const name = fullName(citizen);
  return (
    <section className="created-obligation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="created-obligation__title">
        {t('created.title')}
      </h2>
      <p role="status" className="created-obligation__status">
        {message(obligationMessages.created) ?? obligationMessages.created}
      </p>
      <p className="created-obligation__intro">{t('created.intro', { name })}</p>
      <dl className="facts">
        <div>
          <dt>{t('created.reference')}</dt>
          <dd className="created-obligation__reference">{obligationReference(obligation.id)}</dd>
        </div>
        <div>
          <dt>{t('created.citizen')}</dt>
          <dd>
            {name} ({citizen.username})
          </dd>
        </div>
        <div>
          <dt>{t('fields.amount')}</dt>
          <dd className="facts__amount">{formatAmount(obligation.amount, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('fields.dueDate')}</dt>
          <dd>{formatDate(obligation.dueDate, i18n.language)}</dd>
        </div>
        {obligation.description && (
          <div>
            <dt>{t('fields.description')}</dt>
            <dd>{obligation.description}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
