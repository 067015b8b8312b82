import {
  COMPLICATED_REASON_MAX,
  complicatedCaseRequest,
  type CaseResolutionResponse,
  caseResolutionResponse,
  legalTermMessages,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { HttpError, http } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { caseDetailsQueryKey, caseListsQueryKey } from '../api/query-keys';
import { CASES_NS } from '../i18n';

const markComplicated = (caseId: number, reason: string) =>
  http.put(`/api/case-resolution/${caseId}/complicated`, { reason }, caseResolutionResponse);

/**
 * Issue 32 (KPA art. 35 §3): staff find an undecided case particularly complicated, with the reason
 * the citizen reads beside the new date; the server gives the case type's longer term, once.
 */
export function CaseTermExtension({ item }: { item: CaseResolutionResponse }) {
  const { t } = useTranslation(CASES_NS);
  const shared = useMessageText();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useMutation({
    mutationFn: (written: string) => markComplicated(item.id, written),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseDetailsQueryKey(item.id) }),
        queryClient.invalidateQueries({ queryKey: caseListsQueryKey }),
      ]),
  });
  // The terms' messages live in this feature's texts, so they stay out of every screen's download.
  const wordsOf = (text: string | undefined) => {
    const key = Object.entries(legalTermMessages).find(([, english]) => english === text)?.[0];
    return key ? t(`term.errors.${key}`) : shared(text);
  };
  if (item.complicatedReason !== null || (item.status !== 'PENDING' && item.status !== 'IN_PROGRESS')) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = complicatedCaseRequest.safeParse({ reason });
    if (!parsed.success) return setError(wordsOf(parsed.error.issues[0]?.message));
    setError(undefined);
    mutation.mutate(parsed.data.reason, {
      onSuccess: (updated) => {
        setReason('');
        notify(t('term.extended', { count: updated.termMonths }), 'success', { key: `cases.term.${item.id}` });
      },
      onError: (failure) =>
        failure instanceof HttpError && (failure.fields.reason || failure.status === 409)
          ? setError(wordsOf(failure.fields.reason ?? failure.message))
          : notify(t('term.failed'), 'error', { key: `cases.term.${item.id}` }),
    });
  }

  return (
    <form noValidate className="form case-term-extension" aria-label={t('term.title')} onSubmit={onSubmit}>
      <TextAreaField
        label={t('term.reason')}
        hint={t('term.hint')}
        rows={2}
        maxLength={COMPLICATED_REASON_MAX}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <BusyButton type="submit" className="button button--secondary" busy={mutation.isPending}>
        {mutation.isPending ? t('term.extending') : t('term.extend')}
      </BusyButton>
    </form>
  );
}
