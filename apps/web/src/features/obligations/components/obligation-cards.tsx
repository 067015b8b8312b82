import { obligationReference, type ObligationResponse } from '@portal/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatAmount, formatDate } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { inPayerOrder, statusShown } from '../totals';
import { ObligationStatus } from './status-badge';

type ObligationCardsProps = {
  obligations: readonly ObligationResponse[];
  onOpen: (obligation: ObligationResponse) => void;
  /** The obligation whose detail was just closed ('Back to list'): its card gets focus back. */
  returnFocusTo?: number;
};

/**
 * Spec section 2 list view: a card per obligation (description, amount in PLN, due date, status); a
 * card opens its detail. Unpaid ones first, the earliest due on top, then paid ones (issue 35).
 */
export function ObligationCards({ obligations, onOpen, returnFocusTo }: ObligationCardsProps) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const list = useRef<HTMLUListElement>(null);
  const ordered = useMemo(() => inPayerOrder(obligations), [obligations]);
  // 'Back to list' unmounts the focused button: without this, focus would drop to <body>.
  useEffect(() => {
    if (returnFocusTo !== undefined) list.current?.querySelector<HTMLElement>(`[data-obligation="${returnFocusTo}"]`)?.focus();
  }, [returnFocusTo]);
  return (
    <ul className="obligation-cards" ref={list}>
      {ordered.map((obligation) => (
        <li key={obligation.id}>
          <button
            type="button"
            className={`obligation-card${statusShown(obligation) === 'OVERDUE' ? ' obligation-card--past-due' : ''}`}
            data-obligation={obligation.id}
            onClick={() => onOpen(obligation)}
          >
            <span className="obligation-card__description">{obligation.description ?? t('untitled', { reference: obligationReference(obligation.id) })}</span>
            <span className="obligation-card__amount">{formatAmount(obligation.amount, i18n.language)}</span>
            <span className="obligation-card__due">
              {t('fields.dueDate')}: {formatDate(obligation.dueDate, i18n.language)}
            </span>
            <ObligationStatus obligation={obligation} />
          </button>
        </li>
      ))}
    </ul>
  );
}
