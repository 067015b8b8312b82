import { DELAY_REASON_MAX, type TermedMatterKind } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../format';
import { HttpError } from '../http';
import { useMessageText, useTranslation } from '../i18n';
import { notify } from '../notifications';
import { BusyButton } from '../ui/busy-button';
import { Modal } from '../ui/modal';
import { DateField } from '../ui/text-field';
import { TextAreaField } from '../ui/text-area-field';
import { deadlineQueryKey, fetchDeadline, sendDelayNotice } from './api';
import { DEADLINES_NS } from './i18n';

/** Two weeks from today, as the dialog's first suggestion (the server checks it is a working day). */
const suggestedDate = (now = new Date()) => new Date(now.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);

/**
 * The delay notice (KPA art. 36) a clerk must send before replying to or deciding a matter whose
 * term has passed: a dialog that cannot be closed without sending it, pre-filled in the clerk's
 * language with a reason and a new date. `onSent` lets the screen refresh what the notice changed.
 */
export function DelayNoticeGate({ kind, id, onSent }: { kind: TermedMatterKind; id: number; onSent?: () => void }) {
  const { t, i18n } = useTranslation(DEADLINES_NS);
  const message = useMessageText();
  const queryClient = useQueryClient();
  const clock = useQuery({ queryKey: deadlineQueryKey(kind, id), queryFn: () => fetchDeadline(kind, id) });
  const [reason, setReason] = useState<string>();
  const [newDueDate, setNewDueDate] = useState(suggestedDate);
  const [errors, setErrors] = useState<{ reason?: string; newDueDate?: string }>({});
  const send = useMutation({
    mutationFn: () => sendDelayNotice(kind, id, { reason: reason ?? t('notice.reasonText'), newDueDate }),
    onSuccess: (updated) => {
      queryClient.setQueryData(deadlineQueryKey(kind, id), updated);
      // The matter's due date changed on every list and screen that shows it.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'deadline' });
      notify(t('notice.sent'), 'success', { key: `deadlines.notice.${kind}.${id}` });
      onSent?.();
    },
    onError: (failure) => {
      if (failure instanceof HttpError && (failure.status === 400 || failure.status === 409)) {
        setErrors({ reason: message(failure.fields.reason), newDueDate: message(failure.fields.newDueDate ?? (failure.status === 409 ? failure.message : undefined)) });
      } else notify(t('notice.failed'), 'error', { key: `deadlines.notice.${kind}.${id}` });
    },
  });
  const data = clock.data;
  if (!data?.noticeRequired) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    send.mutate();
  }

  return (
    // Not skippable: closing (Escape) changes nothing, the clerk's only way on is the notice.
    <Modal
      isOpen
      role="alertdialog"
      title={t('notice.title')}
      onClose={() => undefined}
      actions={
        <BusyButton type="submit" form={`delay-notice-${kind}-${id}`} className="button button--primary" busy={send.isPending}>
          {send.isPending ? t('notice.sending') : t('notice.send')}
        </BusyButton>
      }
    >
      <form id={`delay-notice-${kind}-${id}`} noValidate className="form delay-notice" onSubmit={onSubmit}>
        <p>{t('notice.intro', { reference: data.reference, date: data.dueDate ? formatDate(data.dueDate, i18n.language, { long: true }) : '' })}</p>
        <TextAreaField
          label={t('notice.reason')}
          rows={4}
          maxLength={DELAY_REASON_MAX}
          value={reason ?? t('notice.reasonText')}
          error={errors.reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <DateField label={t('notice.newDate')} value={newDueDate} error={errors.newDueDate} onChange={(event) => setNewDueDate(event.currentTarget.value)} data-autofocus />
        <p className="field__hint">{t('notice.citizenReads')}</p>
      </form>
    </Modal>
  );
}
