import { caseMessages, caseReference, type CaseDetailsResponse, type DocumentSummary, type Role } from '@portal/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { fetchDocument } from '../api/calls';
import { useCaseDetails } from '../api/queries';
import { formatDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { useCaseName } from '../case-name';
import { CASES_NS } from '../i18n';
import { PdfViewer } from '../pdf/pdf-viewer';
import { CaseTerm } from './case-term';
import { CaseTermExtension } from './case-term-extension';
// Issue 32: the late-term screens load on their own (their texts and forms stay out of the first download).
const LazyDelayNoticeGate = lazy(() => import('../../../lib/deadlines/delay-notice-gate').then((module) => ({ default: module.DelayNoticeGate })));
const LazyPromptPanel = lazy(() => import('../../../lib/deadlines/prompt-panel'));
import { CaseStatusBadge } from './case-status-badge';
import { CaseStatusForm } from './case-status-form';
import '../desk.css';
import { ContactPanel } from '../../../lib/contacts/contact-panel';
import { InternalNotes } from '../../../lib/notes/internal-notes';
import { ReceiptDownloads } from '../../../lib/receipts/receipt-downloads';
import { saveBlob } from '../../../lib/save-blob';

// The case's timeline (issue 32): its own chunk, loaded after the details.
const MatterTimeline = lazy(() => import('../../../lib/timeline/matter-timeline').then((module) => ({ default: module.MatterTimeline })));
/** Issue 32 points 7 and 8 load with the first opened case, not with the page (the page is at its bundle budget). */
const CaseAnswers = lazy(() => import('./answers/case-answers').then((module) => ({ default: module.CaseAnswers })));

type CaseDetailsProps = {
  caseId: number;
  role: Role;
  /** Changes each time the reader opens the case: its heading then takes focus, in view (a phone shows the lists above it). */
  focusRequest?: number;
  /** Set when this case's status just changed live (announced to screen readers). */
  liveStatusNote?: string;
};

/**
 * Spec section 2, Details: case type, status, submission date, comments (or 'No comments'), the
 * vehicle registration, and the documents with 'Show PDF' and 'Download PDF' (or 'No documents
 * available for this case.'); staff also change the status here. The status history follows.
 */
export function CaseDetails({ caseId, role, focusRequest, liveStatusNote }: CaseDetailsProps) {
  const { t } = useTranslation(CASES_NS);
  const details = useCaseDetails(caseId);

  if (details.isPending) return <LoadingState />;
  if (details.isError || !details.data) return <ErrorState>{t('details.loadFailed')}</ErrorState>;
  return <CaseDetailsView details={details.data} role={role} focusRequest={focusRequest} liveStatusNote={liveStatusNote} />;
}

function CaseDetailsView({ details, role, focusRequest, liveStatusNote }: { details: CaseDetailsResponse } & Omit<CaseDetailsProps, 'caseId'>) {
  const { t, i18n } = useTranslation(CASES_NS);
  const nameOf = useCaseName();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequest === undefined || focusRequest === 0) return;
    // Focus alone may leave the heading at the bottom edge of a phone's screen: put it at the top.
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [focusRequest]);
  const message = useMessageText();
  const { caseResolutionDTO: item, vehicleRegistrationDTO: vehicle, documents, statusHistory } = details;
  const [shown, setShown] = useState<DocumentSummary | null>(null);
  const language = i18n.language;

  const download = useCallback(
    async (document: DocumentSummary) => {
      try {
        saveBlob(await fetchDocument(document.uuid), document.documentName);
      } catch (error) {
        console.error('Document not downloaded', error);
        notify(t('details.downloadFailed'), 'error', { key: `cases.download.${document.uuid}` });
      }
    },
    [t],
  );
  const loadShown = useCallback((signal: AbortSignal) => fetchDocument(shown?.uuid ?? '', signal), [shown]);

  return (
    <article className="case-details" aria-labelledby={`case-details-${item.id}`}>
      <h2 id={`case-details-${item.id}`} ref={heading} tabIndex={-1} className="two-pane__title case-details__title">
        {nameOf(item)}
      </h2>
      <p className="visually-hidden" role="status">
        {liveStatusNote ?? ''}
      </p>
      <dl className="case-facts">
        <div>
          <dt>{t('details.reference')}</dt>
          <dd>{caseReference(item.id)}</dd>
        </div>
        <div>
          <dt>{t('details.caseType')}</dt>
          <dd>{t(`caseTypes.${item.caseType}`)}</dd>
        </div>
        <div>
          <dt>{t('details.status')}</dt>
          <dd>
            <CaseStatusBadge status={item.status} />
          </dd>
        </div>
        {role !== 'USER' && (
          <div className="case-facts__wide">
            <dt>{t('details.applicant')}</dt>
            <dd>{t('list.applicantName', item.applicant)}</dd>
          </div>
        )}
        <div>
          <dt>{t('details.submissionDate')}</dt>
          <dd>
            <time dateTime={item.submissionDate}>{formatDateTime(item.submissionDate, language)}</time>
          </dd>
        </div>
        <div className="case-facts__wide">
          <dt>{t('details.comments')}</dt>
          <dd className="case-facts__text">{item.comments ?? message(caseMessages.noComments)}</dd>
        </div>
      </dl>
      <CaseTerm item={item} />
      {/* Issue 33: the clerk who set the case in progress, as a letter's handler is shown. */}
      {item.handlerName && <p className="case-details__handler">{t('details.handledBy', { name: item.handlerName })}</p>}

      <Suspense fallback={null}>
        <CaseAnswers item={item} role={role} />
      </Suspense>

      {role !== 'USER' && <CaseStatusForm caseResolution={item} />}
      {role !== 'USER' && <CaseTermExtension item={item} />}
      {/* Issue 32: staff send the delay notice once the term passed (art. 36); the citizen may prompt (art. 37). */}
      <Suspense fallback={null}>{role !== 'USER' ? <LazyDelayNoticeGate kind="case" id={item.id} /> : <LazyPromptPanel kind="case" id={item.id} />}</Suspense>
      {role !== 'USER' && <InternalNotes subject="case" id={item.id} />}
      {role !== 'USER' && <ContactPanel userId={item.userId} current={{ caseId: item.id }} />}

      {vehicle && (
        <section className="case-details__section" aria-labelledby={`case-vehicle-${item.id}`}>
          <h3 id={`case-vehicle-${item.id}`}>{t('details.vehicle')}</h3>
          <dl className="case-facts">
            <div>
              <dt>{t('form.plate')}</dt>
              <dd>{vehicle.vehicleNumberPlate}</dd>
            </div>
            <div>
              <dt>{t('form.make')}</dt>
              <dd>{vehicle.vehicleMake}</dd>
            </div>
            <div>
              <dt>{t('form.model')}</dt>
              <dd>{vehicle.vehicleModel}</dd>
            </div>
            <div>
              <dt>{t('form.year')}</dt>
              <dd>{vehicle.vehicleYear}</dd>
            </div>
            <div>
              <dt>{t('form.registrationDate')}</dt>
              <dd>
                <time dateTime={vehicle.registrationDate}>{formatDate(vehicle.registrationDate, language)}</time>
              </dd>
            </div>
            <div>
              <dt>{t('form.color')}</dt>
              <dd>{vehicle.vehicleColor}</dd>
            </div>
            <div className="case-facts__wide">
              <dt>{t('form.vin')}</dt>
              <dd className="case-facts__code">{vehicle.vehicleVin}</dd>
            </div>
            <div>
              <dt>{t('form.vehicleType')}</dt>
              <dd>{t(`vehicleTypes.${vehicle.vehicleType}`)}</dd>
            </div>
          </dl>
        </section>
      )}

      <section className="case-details__section" aria-labelledby={`case-documents-${item.id}`}>
        <h3 id={`case-documents-${item.id}`}>{t('details.documents')}</h3>
        {documents.length === 0 ? (
          <p className="empty-state">{message(caseMessages.noDocuments)}</p>
        ) : (
          <ul className="documents">
            {documents.map((document) => (
              <li key={document.uuid} className="document">
                <span className="document__name">{document.documentName}</span>
                <span className="document__size">{formatFileSize(document.size, language)}</span>
                <span className="document__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('details.showPdfOf', { name: document.documentName })}
                    onClick={() => setShown(document)}
                  >
                    {t('details.showPdf')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('details.downloadPdfOf', { name: document.documentName })}
                    onClick={() => void download(document)}
                  >
                    {t('details.downloadPdf')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="case-details__section" aria-labelledby={`case-history-${item.id}`}>
        <h3 id={`case-history-${item.id}`}>{t('details.history')}</h3>
        <ol className="status-history">
          {statusHistory.map((entry, index) => (
            <li key={`${entry.changedAt}-${index}`}>
              <CaseStatusBadge status={entry.status} />{' '}
              {entry.kind === 'appeal' && <span className="status-history__kind">{t('answers.historyAppeal')} </span>}
              <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt, language)}</time>
              {entry.reason && (
                <p className="status-history__reason">
                  <span className="status-history__reason-label">{t('details.reasonInHistory')}</span> {entry.reason}
                </p>
              )}
            </li>
          ))}
        </ol>
        <ReceiptDownloads subject="case" id={item.id} version={`${statusHistory.length}/${documents.length}`} />
      </section>
      <Suspense fallback={null}>
        <MatterTimeline matter="case" id={item.id} version={`${statusHistory.length}/${documents.length}`} />
      </Suspense>

      <Modal
        isOpen={shown !== null}
        title={shown?.documentName ?? ''}
        onClose={() => setShown(null)}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => shown && void download(shown)}>
              {t('details.downloadPdf')}
            </button>
            <button type="button" className="button button--primary" onClick={() => setShown(null)}>
              {t('viewer.close')}
            </button>
          </>
        }
      >
        {shown && <PdfViewer key={shown.uuid} loadDocument={loadShown} label={shown.documentName} />}
      </Modal>
    </article>
  );
}
