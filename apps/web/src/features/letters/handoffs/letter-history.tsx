import { type ConversationResponse, HANDOFF_REASON_MAX, handoffReasonRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify, NotificationSlot } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ErrorState } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { conversationsQueryKey } from '../api/query-keys';
import { fetchHandoffs, handoffsQueryKey, reopenConversation } from './api';
import { HANDOFFS_NS } from './i18n';
import './handoffs.css';

/**
 * Where a letter went (issue 33: transfers and releases with their reasons, as its citizen reads
 * them) and, for its citizen, reopening a resolved letter within the admin's window (issue 32):
 * the reason in a dialog, refused by the server after the window with the day it ended.
 */
export default function LetterHistory({ conversation, canReopen }: { conversation: Pick<ConversationResponse, 'id' | 'status' | 'recipient'>; canReopen: boolean }) {
  const { t, i18n } = useTranslation(HANDOFFS_NS);
  const message = useMessageText();
  const id = useId();
  const queryClient = useQueryClient();
  // The status is part of the key: a live status change (a transfer, a resolve) reads it again.
  const history = useQuery({ queryKey: [...handoffsQueryKey(conversation.id), conversation.status, conversation.recipient], queryFn: () => fetchHandoffs(conversation.id) });
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reopen = useMutation({
    mutationFn: (text: string) => reopenConversation(conversation.id, { reason: text }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: conversationsQueryKey }), queryClient.invalidateQueries({ queryKey: handoffsQueryKey(conversation.id) })]),
  });
  const department = (name: string) => t(`letters:departments.${name}`);

  function submit() {
    const checked = handoffReasonRequest.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    reopen.mutate(checked.data.reason, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        setError(undefined);
        notify(t('reopen.done'), 'success', { key: `letters.reopen.${conversation.id}` });
      },
      onError: (failure) => {
        const field = failure instanceof HttpError ? failure.fields.reason : undefined;
        if (field) setError(field);
        else {
          setOpen(false);
          // A 409 says why (the window ended on a day, or three reopenings were used), in the reader's language.
          notify(failure instanceof HttpError && failure.status === 409 ? (message(failure.message) ?? t('reopen.failed')) : t('reopen.failed'), 'error', { key: `letters.reopen.${conversation.id}` });
        }
      },
    });
  }

  if (history.isError) return <ErrorState>{t('history.loadFailed')}</ErrorState>;
  const items = history.data?.items ?? [];
  const offer = canReopen && history.data?.reopen.allowed === true && history.data.reopen.until !== null ? history.data.reopen : null;
  if (items.length === 0 && !offer) return <NotificationSlot keys={[`letters.reopen.${conversation.id}`]} />;

  return (
    <section className="letter-history" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="letter-history__title">
        {t('history.title')}
      </h4>
      <NotificationSlot keys={[`letters.reopen.${conversation.id}`]} />
      {items.length > 0 && (
        <ol className="letter-history__list">
          {items.map((item) => (
            <li key={`${item.kind}-${item.at}`} className="letter-history__item">
              <p className="letter-history__what">
                <time dateTime={item.at}>{formatDateTime(item.at, i18n.language, { compact: true })}</time>{' '}
                {item.kind === 'reopen'
                  ? t('history.reopen')
                  : item.kind === 'release'
                    ? t('history.release', { to: department(item.toDepartment) })
                    : item.fromDepartment !== item.toDepartment
                      ? t('history.transfer', { from: department(item.fromDepartment), to: department(item.toDepartment) })
                      : t('history.transferToPerson', { name: item.toEmployeeName ?? '' })}
              </p>
              <p className="letter-history__reason">{t('history.reason', { reason: item.reason })}</p>
            </li>
          ))}
        </ol>
      )}
      {offer?.until && (
        <div className="letter-history__reopen">
          <p>{t('reopen.until', { date: formatDate(offer.until, i18n.language, { long: true }), remaining: offer.remaining })}</p>
          <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
            {t('reopen.open')}
          </button>
        </div>
      )}
      <Modal
        isOpen={isOpen}
        title={t('reopen.title')}
        onClose={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t('reopen.cancel')}
            </button>
            <BusyButton type="submit" form={`${id}-reopen`} className="button button--primary" busy={reopen.isPending}>
              {reopen.isPending ? t('reopen.submitting') : t('reopen.submit')}
            </BusyButton>
          </>
        }
      >
        <p>{t('reopen.intro')}</p>
        <form
          id={`${id}-reopen`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextAreaField
            label={t('reopen.reason')}
            hint={t('reopen.reasonHint', { max: HANDOFF_REASON_MAX })}
            rows={3}
            maxLength={HANDOFF_REASON_MAX}
            value={reason}
            error={message(error)}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </form>
      </Modal>
    </section>
  );
}
