import type { ObligationResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../../lib/format';
import { OBLIGATIONS_NS } from '../i18n';
import { isPastDue } from '../totals';
import { ObligationStatus } from './status-badge';

type ObligationCardsProps = {
  obligations: readonly ObligationResponse[];
  onOpen: (obligation: ObligationResponse) => void;
};

/** Spec section 2 list view: a card per obligation (description, amount in PLN, due date, status); a card opens its detail. */
export function ObligationCards({ obligations, onOpen }: ObligationCardsProps) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  return (
    <ul className="obligation-cards">
      {obligations.map((obligation) => (
        <li key={obligation.id}>
          <button
            type="button"
            className={`obligation-card${isPastDue(obligation) ? ' obligation-card--past-due' : ''}`}
            onClick={() => onOpen(obligation)}
          >
            <span className="obligation-card__description">{obligation.description ?? t('noDescription')}</span>
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
