import {
  type CaseResolutionResponse,
  caseAnswerMessages,
  type Role,
  SUPPLEMENT_ANSWER_MAX,
  SUPPLEMENT_MESSAGE_MAX,
  supplementRequestBody,
  type SupplementResponse,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../../lib/format';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notifications';
import { BusyButton } from '../../../../lib/ui/busy-button';
import { TextAreaField } from '../../../../lib/ui/text-area-field';
import { useAnswerSupplement, useRequestSupplement } from '../../api/answers';
import { CASES_NS } from '../../i18n';
import { TextWithPdfsForm } from './text-with-pdfs-form';

const OPEN = new Set(['PENDING', 'IN_PROGRESS']);

/**
 * Issue 32 point 8a: the requests to supplement with their answers; staff ask (the term pauses),
 * the owner answers the waiting one with text and PDFs (the term runs again).
 */
export function SupplementsPanel({ item, supplements, role }: { item: CaseResolutionResponse; supplements: SupplementResponse[]; role: Role }) {
  const { t, i18n } = useTranslation(CASES_NS);
  const answer = useAnswerSupplement(item.id);
  const waiting = supplements.find((supplement) => supplement.answeredAt === null);
  const open = OPEN.has(item.status);
  const when = (value: string) => formatDate(value, i18n.language, { long: true });
  if (supplements.length === 0 && (role === 'USER' || !open)) return null;

  return (
    <section className="case-details__section case-supplements" aria-labelledby={`case-supplements-${item.id}`}>
      <h3 id={`case-supplements-${item.id}`}>{t('answers.supplementsTitle')}</h3>
      {supplements.length > 0 && (
        <ol className="case-supplements__list">
          {supplements.map((supplement) => (
            <li key={supplement.id} className="case-supplement">
              <p className="case-supplement__when">{t('answers.requested', { date: when(supplement.requestedAt) })}</p>
              <p className="case-facts__text">{supplement.message}</p>
              {supplement.documentsNeeded.length > 0 && (
                <>
                  <p className="case-supplement__label">{t('answers.documentsNeeded')}</p>
                  <ul>
                    {supplement.documentsNeeded.map((name, index) => (
                      <li key={`${index}-${name}`}>{name}</li>
                    ))}
                  </ul>
                </>
              )}
              {supplement.answeredAt ? (
                <div className="case-supplement__answer">
                  <p className="case-supplement__when">{t('answers.answeredOn', { date: when(supplement.answeredAt) })}</p>
                  <p className="case-facts__text">{supplement.answer}</p>
                  {supplement.answerDocuments.length > 0 && <p>{t('answers.attached', { count: supplement.answerDocuments.length })}</p>}
                </div>
              ) : (
                <p className="case-supplement__waiting">{t('answers.waiting')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {role === 'USER' && waiting && open && (
        <TextWithPdfsForm
          caseId={item.id}
          title={t('answers.answerTitle')}
          label={t('answers.answer')}
          hint={t('answers.answerHint')}
          maxLength={SUPPLEMENT_ANSWER_MAX}
          required={t('answers.errors.answerRequired')}
          submit={t('answers.sendAnswer')}
          submitting={t('answers.sendingAnswer')}
          sent={t('answers.answered')}
          send={(text, documents) => answer.mutateAsync({ answer: text, documents })}
        />
      )}
      {role !== 'USER' && open && !waiting && <AskSupplementForm caseId={item.id} />}
    </section>
  );
}

/** Staff's request: the message, and the documents needed one per line. */
function AskSupplementForm({ caseId }: { caseId: number }) {
  const { t } = useTranslation(CASES_NS);
  const shared = useMessageText();
  const ask = useRequestSupplement(caseId);
  const [message, setMessage] = useState('');
  const [documents, setDocuments] = useState('');
  const [errors, setErrors] = useState<{ message?: string; documents?: string }>({});
  const wordsOf = (text: string | undefined) => {
    const key = Object.entries(caseAnswerMessages).find(([, english]) => english === text)?.[0];
    return key ? t(`answers.errors.${key}`) : shared(text);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { message, documentsNeeded: documents.split('\n').map((line) => line.trim()).filter(Boolean) };
    const parsed = supplementRequestBody.safeParse(body);
    if (!parsed.success) {
      const first = (path: string) => parsed.error.issues.find((issue) => String(issue.path[0]) === path)?.message;
      return setErrors({ message: wordsOf(first('message')), documents: wordsOf(first('documentsNeeded')) });
    }
    setErrors({});
    ask.mutate(parsed.data, {
      onSuccess: () => {
        setMessage('');
        setDocuments('');
        notify(t('answers.asked'), 'success', { key: `cases.ask.${caseId}` });
      },
      onError: (failure) =>
        failure instanceof HttpError && (failure.status === 409 || failure.status === 400)
          ? setErrors({ message: wordsOf(failure.fields.message ?? failure.message) })
          : notify(t('answers.failed'), 'error', { key: `cases.ask.${caseId}` }),
    });
  }

  return (
    <form noValidate className="form case-answer-form" aria-label={t('answers.askTitle')} onSubmit={onSubmit}>
      <h4>{t('answers.askTitle')}</h4>
      <TextAreaField label={t('answers.askMessage')} hint={t('answers.askHint')} rows={3} maxLength={SUPPLEMENT_MESSAGE_MAX} value={message} error={errors.message} onChange={(event) => setMessage(event.currentTarget.value)} />
      <TextAreaField label={t('answers.askDocuments')} rows={2} value={documents} error={errors.documents} onChange={(event) => setDocuments(event.currentTarget.value)} />
      <BusyButton type="submit" className="button button--secondary" busy={ask.isPending}>
        {ask.isPending ? t('answers.asking') : t('answers.ask')}
      </BusyButton>
    </form>
  );
}
