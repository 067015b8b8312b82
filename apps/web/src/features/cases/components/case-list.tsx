import { caseReference, type CaseResolutionResponse } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDate, formatDateTime, formatWaitingTime } from '../../../lib/format';
import { useCaseName } from '../case-name';
import { CASES_NS } from '../i18n';
import { CaseStatusBadge } from './case-status-badge';
import { DeadlineBadge } from './deadline-badge';

type CaseListProps = {
  /** Accessible name of the list (its heading's text). */
  label: string;
  cases: readonly CaseResolutionResponse[];
  selectedId: number | null;
  onSelect: (caseResolution: CaseResolutionResponse) => void;
  /** Also show when each case was submitted and last changed ('Your cases'). */
  showDates?: boolean;
  /** Staff's queue: who applied, when, and how long the case has waited (`now` ages it). */
  queue?: { now: Date };
  /** More facts of a case (staff's lists: its handler, its decision's date), as `<div><dt/><dd/></div>`. */
  extraFacts?: (item: CaseResolutionResponse) => ReactNode;
};

/** Cases by name with their type and status, each with a 'See Details' button; the open one is marked. */
export function CaseList({ label, cases, selectedId, onSelect, showDates = false, queue, extraFacts }: CaseListProps) {
  const { t, i18n } = useTranslation(CASES_NS);
  const nameOf = useCaseName();
  return (
    <ul className="case-list" aria-label={label}>
      {cases.map((item) => {
        const isSelected = item.id === selectedId;
        const titleId = `case-${label.replace(/\W+/g, '-')}-${item.id}`;
        return (
          <li key={item.id} className="case-list__item" aria-current={isSelected ? 'true' : undefined}>
            <div className="case-list__facts">
              <span id={titleId} className="case-list__title">
                {nameOf(item)}
              </span>
              <dl className="case-list__meta">
                <div>
                  <dt>{t('list.reference')}</dt>
                  <dd>{caseReference(item.id)}</dd>
                </div>
                <div>
                  <dt>{t('list.type')}</dt>
                  <dd>{t(`caseTypes.${item.caseType}`)}</dd>
                </div>
                <div>
                  <dt>{t('list.status')}</dt>
                  <dd>
                    <CaseStatusBadge status={item.status} /> {queue && <DeadlineBadge deadline={item.deadline} label={t(`list.${item.deadline ?? 'overdue'}`, { date: item.dueDate ? formatDate(item.dueDate, i18n.language) : '' })} />}
                  </dd>
                </div>
                {queue && (
                  <>
                    <div className="case-list__wide">
                      <dt>{t('list.applicant')}</dt>
                      <dd>{t('list.applicantName', item.applicant)}</dd>
                    </div>
                    <Submitted item={item} />
                    {/* A decided case waits no more. */}
                    {(item.status === 'PENDING' || item.status === 'IN_PROGRESS') && (
                      <div>
                        <dt>{t('list.waiting')}</dt>
                        <dd>{formatWaitingTime(item.submissionDate, i18n.language, queue.now) ?? t('list.justArrived')}</dd>
                      </div>
                    )}
                  </>
                )}
                {extraFacts?.(item)}
                {showDates && (
                  <>
                    <Submitted item={item} />
                    {item.statusChangedAt !== item.submissionDate && (
                      <div>
                        <dt>{t('list.changed')}</dt>
                        <dd>
                          <time dateTime={item.statusChangedAt}>{formatDateTime(item.statusChangedAt, i18n.language)}</time>
                        </dd>
                      </div>
                    )}
                  </>
                )}
              </dl>
            </div>
            <button
              type="button"
              className="button button--secondary case-list__open"
              aria-describedby={titleId}
              onClick={() => onSelect(item)}
            >
              {t('list.seeDetails')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** When the case was sent, as a term of the card's facts. */
function Submitted({ item }: { item: CaseResolutionResponse }) {
  const { t, i18n } = useTranslation(CASES_NS);
  return (
    <div>
      <dt>{t('list.submitted')}</dt>
      <dd>
        <time dateTime={item.submissionDate}>{formatDateTime(item.submissionDate, i18n.language)}</time>
      </dd>
    </div>
  );
}
