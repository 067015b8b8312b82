import { closureStatusResponse, myDataPaths } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { HttpError, http, requestBlob } from '../../../lib/http';
import { notify } from '../../../lib/notifications';
import { saveBlob } from '../../../lib/save-blob';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { ACCOUNT_NS } from '../i18n';

const closureQueryKey = ['my-data', 'closure'] as const;

/** "Download my data" for everyone; "Close my account" for citizens (issue 21). */
export function MyDataPanel({ canClose }: { canClose: boolean }) {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const download = useMutation({
    mutationFn: () => requestBlob(myDataPaths.export),
    onSuccess: (blob) => {
      saveBlob(blob, `my-data-${new Date().toISOString().slice(0, 10)}.zip`);
      notify(t('downloaded'));
    },
    onError: (error) => notify(error instanceof HttpError && error.status === 429 ? t('exportLimit') : t('stayFailed'), 'error'),
  });
  const closure = useQuery({ queryKey: closureQueryKey, queryFn: () => http.get(myDataPaths.closure, closureStatusResponse), enabled: canClose });
  const requestClosure = useMutation({
    mutationFn: () => http.post(myDataPaths.closure, undefined, closureStatusResponse),
    onSuccess: (status) => {
      setConfirming(false);
      queryClient.setQueryData(closureQueryKey, status);
    },
    onError: (error) => {
      setConfirming(false);
      notify(error instanceof HttpError ? error.message : t('stayFailed'), 'error');
    },
  });
  const withdraw = useMutation({
    mutationFn: () => http.delete(myDataPaths.closure, closureStatusResponse),
    onSuccess: (status) => {
      queryClient.setQueryData(closureQueryKey, status);
      notify(t('withdrawn'));
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : t('stayFailed'), 'error'),
  });
  const { requestedAt, refusedAt, refusalReason, status } = closure.data ?? {};
  const longDate = (value: string) => formatDate(value, i18n.language, { long: true });

  return (
    <>
      <section className="card account-section" aria-labelledby="my-data-title">
        <h2 id="my-data-title">{t('myData')}</h2>
        <p>{t('downloadIntro')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={download.isPending} aria-busy={download.isPending || undefined} onClick={() => download.mutate()}>
            {download.isPending ? t('downloading') : t('download')}
          </button>
        </div>
      </section>
      {canClose && (
        <section className="card account-section" aria-labelledby="close-title">
          <h2 id="close-title">{t('closeTitle')}</h2>
          <p>{t('closeIntro')}</p>
          {status === 'REQUESTED' && requestedAt ? (
            <>
              <p role="status" className="account-section__done">
                {t('closeRequested', { date: longDate(requestedAt) })}
              </p>
              <div className="button-row">
                <button type="button" className="button button--secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
                  {t('withdraw')}
                </button>
              </div>
            </>
          ) : (
            <>
              {status === 'REFUSED' && refusedAt && (
                <div role="status" className="account-section__refused">
                  <p>{t('closeRefused', { date: longDate(refusedAt) })}</p>
                  <p>
                    {t('refusalReason')}: {refusalReason}
                  </p>
                </div>
              )}
              <div className="button-row">
                <button type="button" className="button button--secondary" disabled={!closure.isSuccess} onClick={() => setConfirming(true)}>
                  {status === 'REFUSED' ? t('askAgain') : t('closeButton')}
                </button>
              </div>
            </>
          )}
          <ConfirmDialog
            isOpen={confirming}
            title={t('closeConfirmTitle')}
            confirmLabel={t('closeConfirm')}
            cancelLabel={t('cancel')}
            onConfirm={() => requestClosure.mutate()}
            onCancel={() => setConfirming(false)}
            isBusy={requestClosure.isPending}
          >
            <p>{t('closeConfirmBody')}</p>
          </ConfirmDialog>
        </section>
      )}
    </>
  );
}
