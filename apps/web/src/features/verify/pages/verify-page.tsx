import { receiptApiMessages, type ReceiptVerifyResponse } from '@portal/contract';
import { useId, useRef, useState, type DragEvent } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { HttpError } from '../../../lib/http';
import { PageShell } from '../../../lib/ui/page-shell';
import { verifyReceipt } from '../api';
import { VERIFY_NS } from '../i18n';
import '../verify.css';

type Check =
  | { state: 'idle' }
  | { state: 'checking'; name: string }
  | { state: 'done'; name: string; result: ReceiptVerifyResponse }
  | { state: 'failed'; name: string; reason: 'notPdf' | 'empty' | 'tooLarge' | 'failed' };

/** The server's refusals of an upload, in the reader's language. */
const refusalOf = (error: unknown): 'notPdf' | 'empty' | 'tooLarge' | 'failed' => {
  if (!(error instanceof HttpError)) return 'failed';
  if (error.message === receiptApiMessages.notPdf) return 'notPdf';
  if (error.message === receiptApiMessages.empty) return 'empty';
  if (error.status === 413) return 'tooLarge';
  return 'failed';
};

/**
 * Issue 20: the public check of a receipt. Anyone (no sign-in) drops a PDF; the portal says
 * whether the office signed it, whether it is unchanged and whether the office's records hold it,
 * and what it proves (a reference and a date, nothing about the person).
 */
export function VerifyPage() {
  const { t, i18n } = useTranslation(VERIFY_NS);
  const inputId = useId();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [isDragging, setIsDragging] = useState(false);
  const latest = useRef(0);

  async function take(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const attempt = (latest.current += 1);
    setCheck({ state: 'checking', name: file.name });
    try {
      const result = await verifyReceipt(file);
      if (attempt === latest.current) setCheck({ state: 'done', name: file.name, result });
    } catch (error) {
      if (attempt === latest.current) setCheck({ state: 'failed', name: file.name, reason: refusalOf(error) });
    }
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragging(false);
    void take(event.dataTransfer.files);
  }

  const formatDate = (iso: string) => formatDateTime(iso, i18n.language, { seconds: true });

  return (
    <PageShell title={t('verify.title')}>
      <section className="card">
        <p>{t('verify.intro')}</p>
        <label
          htmlFor={inputId}
          className={['verify-drop', isDragging ? 'verify-drop--active' : ''].filter(Boolean).join(' ')}
          onDragOver={(event) => {
            event.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
        >
          <span id={`${inputId}-text`} className="verify-drop__text">
            {t('verify.dropArea')}
          </span>
          <span id={`${inputId}-hint`}>{t('verify.dropHint')}</span>
          <input
            id={inputId}
            type="file"
            className="visually-hidden"
            accept="application/pdf,.pdf"
            aria-labelledby={`${inputId}-text`}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              const input = event.currentTarget;
              void take(input.files).finally(() => {
                input.value = '';
              });
            }}
          />
        </label>

        <div role="status" aria-live="polite">
          {check.state === 'checking' && <p>{t('verify.checking')}</p>}
          {check.state === 'failed' && (
            <div className="verify-result verify-result--refused">
              <h2 className="verify-result__title">{t('verify.refusedTitle')}</h2>
              <p>{t(`verify.${check.reason}`)}</p>
              <p>{t('verify.file', { name: check.name })}</p>
            </div>
          )}
          {check.state === 'done' && (
            <div className={`verify-result verify-result--${check.result.genuine ? 'genuine' : 'refused'}`}>
              <h2 className="verify-result__title">{t(check.result.genuine ? 'verify.genuineTitle' : 'verify.refusedTitle')}</h2>
              <ul>
                <li>{t(`verify.signature.${check.result.signature}`)}</li>
                {check.result.signature !== 'missing' && <li>{t(check.result.unchanged ? 'verify.unchanged' : 'verify.changed')}</li>}
                {check.result.signature === 'office' && check.result.unchanged && (
                  <li>{t(check.result.inRecords ? 'verify.inRecords' : 'verify.notInRecords')}</li>
                )}
              </ul>
              {check.result.proves && (
                <p>
                  {t('verify.proves', {
                    what: t(`provenKinds.${check.result.proves.kind}`),
                    reference: check.result.proves.reference,
                    date: formatDate(check.result.proves.issuedAt),
                  })}
                </p>
              )}
              <p>{t('verify.file', { name: check.name })}</p>
            </div>
          )}
        </div>
      </section>
    </PageShell>
  );
}
