import { caseName, type MatterListItem } from '@portal/contract';
import { Link } from 'react-router';
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { MATTERS_NS } from '../i18n';

/** Each matter opens its own screen the way the bell's entries do (`?conversation=`, `?case=`, `?obligation=`). */
export function screenOf(item: Pick<MatterListItem, 'kind' | 'id'>): string {
  if (item.kind === 'letter') return `/user?conversation=${item.id}`;
  if (item.kind === 'case') return `/createCase?case=${item.id}`;
  return `/financial-obligations?obligation=${item.id}`;
}

/** The matters of one page: reference and name as the link, then status, last activity, due date and the next step. */
export function MatterList({ items }: { items: readonly MatterListItem[] }) {
  const { t, i18n } = useTranslation(MATTERS_NS);
  const language = i18n.language === 'pl' ? 'pl' : 'en';

  const nameOf = (item: MatterListItem): string => {
    if (item.kind === 'case' && item.caseType) return caseName({ id: item.id, caseType: item.caseType, vehicleNumberPlate: item.vehicleNumberPlate }, language);
    const subject = item.subject ?? t('noSubject');
    return item.amount === null ? subject : `${subject}, ${formatAmount(item.amount, language)}`;
  };
  const statusOf = (item: MatterListItem): string =>
    item.kind === 'obligation' && item.status === 'PENDING' ? t('paymentPending') : t(`statuses.${item.status}`);

  return (
    <ul className="matter-list">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`} className={`matter${item.overdue ? ' matter--overdue' : ''}`}>
          <h2 className="matter__title">
            <Link to={screenOf(item)} className="matter__link">
              <span className="matter__reference">{item.reference}</span>
              <span className="matter__kind">{t(`kindLabel.${item.kind}`)}</span>
              <span className="matter__name">{nameOf(item)}</span>
            </Link>
          </h2>
          <dl className="matter__facts">
            <div>
              <dt>{t('status')}</dt>
              <dd>{statusOf(item)}</dd>
            </div>
            <div>
              <dt>{t('lastActivity')}</dt>
              <dd>
                <time dateTime={item.lastActivityAt}>{formatDateTime(item.lastActivityAt, language)}</time>
              </dd>
            </div>
            {item.dueDate === null && item.nextStep === 'caseWaitsForYou' && (
              // The term stands still while the office waits for the citizen (KPA art. 35 §5): say so, not nothing.
              <div>
                <dt>{t('answerBy')}</dt>
                <dd>{t('termPaused')}</dd>
              </div>
            )}
            {item.dueDate && (
              <div>
                <dt>{item.kind === 'obligation' ? t('payBy') : t('answerBy')}</dt>
                <dd>
                  <time dateTime={item.dueDate}>{formatDate(item.dueDate, language, { long: true })}</time>
                  {item.overdue && (
                    // Said in words (and marked with a sign), never by colour alone.
                    <strong className="matter__overdue">
                      <span aria-hidden="true">! </span>
                      {t('overdue')}
                    </strong>
                  )}
                </dd>
              </div>
            )}
            <div className="matter__next">
              <dt>{t('next')}</dt>
              <dd>{t(`nextSteps.${item.nextStep}`)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
