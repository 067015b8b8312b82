import { caseName, DELAY_REASON_MAX, type OpenPromptItem, openPromptsResponse, promptAnswerRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import '../../../lib/deadlines/i18n';
import '../../../lib/deadlines/deadlines.css';
import { formatDate, formatDateTime } from '../../../lib/format';
import { HttpError, http } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ListStates } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { DateField } from '../../../lib/ui/text-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { ADMIN_NS } from '../i18n';

const promptsQueryKey = ['prompts'] as const;
const answerPrompt = (id: number, body: { reason: string; newDueDate?: string }) => http.post(`/api/prompts/${id}/answer`, body, openPromptsResponse);

/**
 * The Admin Dashboard's Prompts tab (issue 32 point 6): citizens' prompts about late matters
 * (KPA art. 37), oldest first, with the days left of the 7 to answer; the admin answers each with
 * a reason and a new date (or none, when the answer is the decision), which the citizen receives.
 */
export default function PromptsTab() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const message = useMessageText();
  const queryClient = useQueryClient();
  const prompts = useQuery({ queryKey: promptsQueryKey, queryFn: () => http.get('/api/prompts', openPromptsResponse) });
  const [answering, setAnswering] = useState<OpenPromptItem | null>(null);
  const [reason, setReason] = useState('');
  const [newDueDate, setNewDueDate] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; newDueDate?: string }>({});
  const answer = useMutation({
    mutationFn: ({ id, body }: { id: number; body: { reason: string; newDueDate?: string } }) => answerPrompt(id, body),
    onSuccess: (list) => {
      queryClient.setQueryData(promptsQueryKey, list);
      close();
      notify(t('prompts.sent'), 'success', { key: 'admin.prompts' });
    },
    onError: (failure) =>
      failure instanceof HttpError && (failure.status === 400 || failure.status === 409)
        ? setErrors({ reason: message(failure.fields.reason ?? (failure.status === 409 ? failure.message : undefined)), newDueDate: message(failure.fields.newDueDate) })
        : notify(t('prompts.failed'), 'error', { key: 'admin.prompts' }),
  });
  const close = () => {
    setAnswering(null);
    setReason('');
    setNewDueDate('');
    setErrors({});
  };
  const long = (date: string) => formatDate(date, i18n.language, { long: true });
  const nameOf = (item: OpenPromptItem) =>
    item.subject ?? (item.caseType ? caseName({ id: item.matterId, caseType: item.caseType, vehicleNumberPlate: item.vehicleNumberPlate }, i18n.language === 'pl' ? 'pl' : 'en') : '');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!answering) return;
    const parsed = promptAnswerRequest.safeParse({ reason, ...(newDueDate ? { newDueDate } : {}) });
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), message(issue.message)]));
      return setErrors(fields);
    }
    setErrors({});
    answer.mutate({ id: answering.id, body: parsed.data });
  }

  const items = prompts.data?.items ?? [];
  return (
    <section className="card" aria-labelledby="prompts-title">
      <h2 id="prompts-title">{t('prompts.title')}</h2>
      <p>{t('prompts.intro')}</p>
      <NotificationSlot keys={['admin.prompts']} />
      <ListStates isPending={prompts.isPending} isError={prompts.isError} isEmpty={items.length === 0} emptyText={t('prompts.empty')} errorText={t('prompts.loadFailed')}>
        <ul className="prompt-list">
          {items.map((item) => (
            <li key={item.id} className="prompt-list__item">
              <h3>
                {item.reference}: {nameOf(item)}
              </h3>
              <p>{t('prompts.from', { citizen: item.citizen, sent: formatDateTime(item.sentAt, i18n.language) })}</p>
              <blockquote>{item.text}</blockquote>
              <p className={item.daysLeft < 0 ? 'prompt-list__late' : undefined}>
                {item.daysLeft < 0 ? t('prompts.late', { date: long(item.answerBy) }) : t('prompts.daysLeft', { count: item.daysLeft, date: long(item.answerBy) })}
              </p>
              {item.dueDate && <p>{t('prompts.dueDate', { date: long(item.dueDate) })}</p>}
              <button type="button" className="button button--secondary" onClick={() => setAnswering(item)}>
                {t('prompts.answer')}
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
      <Modal
        isOpen={answering !== null}
        title={answering ? `${t('prompts.answer')}: ${answering.reference}` : ''}
        onClose={close}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={close}>
              {t('prompts.cancel')}
            </button>
            <BusyButton type="submit" form="prompt-answer" className="button button--primary" busy={answer.isPending}>
              {answer.isPending ? t('prompts.sending') : t('prompts.send')}
            </BusyButton>
          </>
        }
      >
        <form id="prompt-answer" noValidate className="form" onSubmit={onSubmit}>
          {answering && <blockquote className="prompt-quote">{answering.text}</blockquote>}
          <TextAreaField label={t('prompts.reason')} rows={4} maxLength={DELAY_REASON_MAX} value={reason} error={errors.reason} onChange={(event) => setReason(event.currentTarget.value)} />
          {answering?.open !== false && (
            <DateField label={t('prompts.newDate')} value={newDueDate} error={errors.newDueDate} onChange={(event) => setNewDueDate(event.currentTarget.value)} />
          )}
        </form>
      </Modal>
    </section>
  );
}
