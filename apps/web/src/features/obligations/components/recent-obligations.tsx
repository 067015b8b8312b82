import { fullName, obligationReference, type UserSummary } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { compareMoments, formatAmount, formatDate } from '../../../lib/format';
import { ListStates } from '../../../lib/ui/list-states';
import { useObligations } from '../api/queries';
import { OBLIGATIONS_NS } from '../i18n';
import { ObligationStatus } from './status-badge';

/** Enough to spot a duplicate without pushing the form off a phone's screen. */
export const RECENT_SHOWN = 5;

/**
 * The chosen citizen's newest obligations beside the form, so a clerk sees what they already owe
 * before charging them again. Refreshed after each creation (the mutation invalidates the list).
 */
export function RecentObligations({ citizen }: { citizen: UserSummary }) {
  const { t, i18n } = useTranslation(OBLIGATIONS_NS);
  const id = useId();
  const obligations = useObligations(citizen.id);
  if (obligations.isError) console.error('[obligations] loading the citizen\u2019s obligations failed', obligations.error);
  const all = obligations.data ?? [];
  // Newest first by when they were created (the API lists by due date); ids break ties.
  const newest = [...all].sort((a, b) => compareMoments(b.createdAt, a.createdAt) || b.id - a.id).slice(0, RECENT_SHOWN);
  const name = fullName(citizen);
  return (
    <section className="recent-obligations" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="recent-obligations__title">
        {t('recent.title', { name })}
      </h3>
      <ListStates
        isPending={obligations.isPending}
        isError={obligations.isError}
        isEmpty={all.length === 0}
        loadingText={t('recent.loading')}
        emptyText={t('recent.empty', { name })}
        errorText={t('recent.failed')}
      >
        <p className="note">{t('recent.intro')}</p>
        <ul className="recent-obligations__list">
          {newest.map((obligation) => (
            <li key={obligation.id} className="recent-obligations__item">
              <span className="recent-obligations__head">
                <strong>{obligationReference(obligation.id)}</strong> {obligation.description ?? t('noDescription')}
              </span>
              <span className="recent-obligations__facts">
                <span className="recent-obligations__amount">{formatAmount(obligation.amount, i18n.language)}</span>{' '}
                {t('recent.due', { date: formatDate(obligation.dueDate, i18n.language) })} <ObligationStatus obligation={obligation} />
              </span>
            </li>
          ))}
        </ul>
        {all.length > newest.length && <p className="note">{t('recent.shown', { shown: newest.length, total: all.length })}</p>}
      </ListStates>
    </section>
  );
}
