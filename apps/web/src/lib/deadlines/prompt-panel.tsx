import { type TermedMatterKind, PROMPT_TEXT_MAX, promptRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDate, formatDateTime } from '../format';
import { HttpError } from '../http';
import { useMessageText, useTranslation } from '../i18n';
import { NotificationSlot, notify } from '../notifications';
import { BusyButton } from '../ui/busy-button';
import { TextAreaField } from '../ui/text-area-field';
import { deadlineQueryKey, fetchDeadline, sendPrompt } from './api';
import { DEADLINES_NS } from './i18n';
import './deadlines.css';

/**
 * The citizen's prompt (ponaglenie, KPA art. 37) on a letter's or case's screen, shown once the
 * office's term has passed: the date it had, any new date it set, the form (a short text), and the
 * prompts sent with their answers. The server decides who may prompt and when; this only shows it.
 */
export default function PromptPanel({ kind, id }: { kind: TermedMatterKind; id: number }) {
  const { t, i18n } = useTranslation(DEADLINES_NS);
  const message = useMessageText();
  const queryClient = useQueryClient();
  const clock = useQuery({ queryKey: deadlineQueryKey(kind, id), queryFn: () => fetchDeadline(kind, id) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (written: string) => sendPrompt(kind, id, written),
    onSuccess: (updated) => {
      queryClient.setQueryData(deadlineQueryKey(kind, id), updated);
      setText('');
      notify(t('prompt.sent'), 'success', { key: `deadlines.prompt.${kind}.${id}` });
    },
    onError: (failure) =>
      failure instanceof HttpError && (failure.fields.text || failure.status === 409)
        ? setError(message(failure.fields.text ?? failure.message))
        : notify(t('prompt.failed'), 'error', { key: `deadlines.prompt.${kind}.${id}` }),
  });
  const data = clock.data;
  // Nothing to say while the office is within its term, or once the matter is handled.
  if (!data?.open || !data.termDueDate || data.promptFrom === null || (data.prompts.length === 0 && !data.canPrompt)) return null;
  const long = (date: string) => formatDate(date, i18n.language, { long: true });
  const canPrompt = data.canPrompt;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = promptRequest.safeParse({ text });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message));
    setError(undefined);
    send.mutate(parsed.data.text);
  }

  return (
    <section className="prompt-panel" aria-labelledby={`prompt-${kind}-${id}`}>
      <h3 id={`prompt-${kind}-${id}`}>{t('prompt.title')}</h3>
      <p>{t('prompt.overdue', { date: long(data.termDueDate) })}</p>
      {data.dueDate && data.dueDate !== data.termDueDate && <p>{t('prompt.newDate', { date: long(data.dueDate) })}</p>}
      {data.prompts.length > 0 && (
        <>
          <h4>{t('prompt.history')}</h4>
          <ul className="prompt-panel__list">
            {data.prompts.map((prompt) => (
              <li key={prompt.id}>
                <q>{prompt.text}</q> ({t('prompt.answerBy', { sent: formatDateTime(prompt.sentAt, i18n.language), date: long(prompt.answerBy) })}){' '}
                {prompt.answer ? t('prompt.answer', { answer: prompt.answer }) : t('prompt.waiting')}
              </li>
            ))}
          </ul>
        </>
      )}
      {canPrompt ? (
        <form noValidate className="form" onSubmit={onSubmit}>
          <TextAreaField
            label={t('prompt.label')}
            hint={t('prompt.hint', { max: PROMPT_TEXT_MAX })}
            rows={3}
            maxLength={PROMPT_TEXT_MAX}
            value={text}
            error={error}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <BusyButton type="submit" className="button button--secondary" busy={send.isPending}>
            {send.isPending ? t('prompt.sending') : t('prompt.send')}
          </BusyButton>
        </form>
      ) : (
        <p>{t('prompt.from', { date: long(data.promptFrom) })}</p>
      )}
      <NotificationSlot keys={[`deadlines.prompt.${kind}.${id}`]} />
    </section>
  );
}
