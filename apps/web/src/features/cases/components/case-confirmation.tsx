import { caseReference, type CaseResolutionResponse } from '@portal/contract';
import { useEffect, useId, useRef } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ReceiptDownloads } from '../../../lib/receipts/receipt-downloads';
import { revealResult } from '../../../lib/ui/reveal';
import { useCaseName } from '../case-name';
import { CASES_NS } from '../i18n';
import './case-confirmation.css';

type CaseConfirmationProps = {
  created: CaseResolutionResponse;
  /** Brings the case's details (beside it, or under it on a phone) to the reader. */
  onOpen: () => void;
};

/**
 * Issue 32 point 3: a case submission ends, like a letter's proof of sending, on what the citizen
 * keeps: the reference, the date the office must decide by (the server's, from the KPA term),
 * what happens next and the signed receipt. The spec's 'Case Resolution Created Successfully!'
 * alert is shown too, by the form.
 */
export function CaseConfirmation({ created, onOpen }: CaseConfirmationProps) {
  const { t, i18n } = useTranslation(CASES_NS);
  const nameOf = useCaseName();
  const id = useId();
  const section = useRef<HTMLElement>(null);
  useEffect(() => revealResult(section.current), [created.id]);
  const language = i18n.language;
  return (
    <section ref={section} tabIndex={-1} className="case-confirmation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="case-confirmation__title">
        {t('confirmation.title')}
      </h2>
      <p className="case-confirmation__text">{t('confirmation.intro')}</p>
      <dl className="case-facts">
        <div>
          <dt>{t('confirmation.reference')}</dt>
          <dd>{caseReference(created.id)}</dd>
        </div>
        <div>
          <dt>{t('confirmation.submitted')}</dt>
          <dd>
            <time dateTime={created.submissionDate}>{formatDateTime(created.submissionDate, language)}</time>
          </dd>
        </div>
        <div className="case-facts__wide">
          <dt>{t('confirmation.caseName')}</dt>
          <dd>{nameOf(created)}</dd>
        </div>
        {created.dueDate && (
          <div className="case-facts__wide">
            <dt>{t('confirmation.decisionBy')}</dt>
            <dd>
              <time dateTime={created.dueDate}>{formatDate(created.dueDate, language, { long: true })}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="case-confirmation__text">{t('confirmation.next')}</p>
      <ReceiptDownloads subject="case" id={created.id} kinds={['case-submitted']} />
      <button type="button" className="button button--secondary case-confirmation__open" onClick={onOpen}>
        {t('confirmation.open')}
      </button>
    </section>
  );
}
