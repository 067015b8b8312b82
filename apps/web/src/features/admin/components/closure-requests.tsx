import { type ClosureRequestSummary, myDataApiMessages, refuseClosureRequest } from '@portal/contract';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { ListStates } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { useDecideClosureMutation } from '../api/mutations';
import { useClosureRequests } from '../api/queries';
import { ADMIN_NS } from '../i18n';

type Decision = { kind: 'approve' | 'refuse'; request: ClosureRequestSummary };

/**
 * The Admin Dashboard's tab of requests to close an account (issue 35): each is approved only
 * after a dialog that names the person and says what goes and what the office keeps, or refused
 * with a reason the citizen reads.
 */
export function ClosureRequests() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const messageText = useMessageText();
  const requests = useClosureRequests();
  const decide = useDecideClosureMutation();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const list = requests.data ?? [];
  const name = (request: ClosureRequestSummary) => `${request.fullName} (${request.username})`;

  const close = () => {
    setDecision(null);
    setReason('');
    setReasonError(undefined);
  };
  const onError = (error: unknown) => notify(error instanceof HttpError ? (messageText(error.message) ?? error.message) : t('closures.decisionFailed'), 'error');

  const approve = (request: ClosureRequestSummary) =>
    decide.mutate(
      { userId: request.userId },
      {
        onSuccess: (answer) => {
          close();
          notify(t('closures.approved', { pseudonym: answer.pseudonym ?? '' }));
        },
        onError,
      },
    );
  const refuse = (request: ClosureRequestSummary) => {
    const checked = refuseClosureRequest.safeParse({ reason });
    if (!checked.success) {
      setReasonError(messageText(checked.error.issues[0]?.message ?? myDataApiMessages.reasonRequired));
      return;
    }
    decide.mutate(
      { userId: request.userId, refuse: checked.data.reason },
      {
        onSuccess: () => {
          close();
          notify(t('closures.refused', { name: name(request) }));
        },
        onError,
      },
    );
  };

  return (
    <section className="card" aria-labelledby="closures-title">
      <h2 id="closures-title">{t('closures.closureRequestsTitle')}</h2>
      <ListStates
        isPending={requests.isPending}
        isError={requests.isError}
        isEmpty={list.length === 0}
        loadingText={t('closures.loading')}
        emptyText={t('closures.closureRequestsEmpty')}
      >
        <ul className="closure-list">
          {list.map((request) => (
            <li key={request.userId} className="closure-list__item">
              <p>
                <strong>{request.fullName}</strong> ({request.username})
              </p>
              <p>
                {t('closures.requestedOn')}: {formatDateTime(request.requestedAt, i18n.language, { compact: true })}
              </p>
              <div className="button-row">
                <button type="button" className="button button--primary" onClick={() => setDecision({ kind: 'approve', request })}>
                  {t('closures.approve')} <span className="visually-hidden">({request.username})</span>
                </button>
                <button type="button" className="button button--secondary" onClick={() => setDecision({ kind: 'refuse', request })}>
                  {t('closures.refuse')} <span className="visually-hidden">({request.username})</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      </ListStates>
      {decision?.kind === 'approve' && (
        <ConfirmDialog
          isOpen
          title={t('closures.approveTitle', { name: name(decision.request) })}
          confirmLabel={t('closures.approveConfirm')}
          cancelLabel={t('closures.cancel')}
          onConfirm={() => approve(decision.request)}
          onCancel={close}
          isBusy={decide.isPending}
        >
          <p>{t('closures.approveRemoved')}</p>
          <p>{t('closures.approveKept', { pseudonym: `closed-${decision.request.userId}` })}</p>
          <p>{t('closures.approveEmail')}</p>
        </ConfirmDialog>
      )}
      {decision?.kind === 'refuse' && (
        <Modal
          isOpen
          title={t('closures.refuseTitle', { name: name(decision.request) })}
          onClose={close}
          actions={
            <>
              <button type="button" className="button button--primary" disabled={decide.isPending} aria-busy={decide.isPending || undefined} onClick={() => refuse(decision.request)}>
                {t('closures.refuseConfirm')}
              </button>
              <button type="button" className="button button--secondary" onClick={close}>
                {t('closures.cancel')}
              </button>
            </>
          }
        >
          <p>{t('closures.refuseIntro')}</p>
          <TextAreaField label={t('closures.refusalReason')} value={reason} error={reasonError} rows={4} onChange={(event) => setReason(event.target.value)} data-autofocus />
        </Modal>
      )}
    </section>
  );
}
