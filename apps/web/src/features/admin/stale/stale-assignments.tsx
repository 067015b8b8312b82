import { caseTypeLabels, deskSettings, HANDOFF_REASON_MAX, handoffReasonRequest, type StaleAssignment } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { Modal } from '../../../lib/ui/modal';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { NumberField } from '../../../lib/ui/text-field';
import { auditQueryKey } from '../api/query-keys';
import { deskSettingsQueryKey, fetchDeskSettings, fetchStale, release, saveDeskSettings, staleQueryKey } from './api';
import { STALE_NS } from './i18n';
import './stale-assignments.css';

/**
 * Issue 33 point 7: taken letters and cases nobody on the staff acted on for the admin's number of
 * working days, longest idle first, each with Release (a reason for its clerk); and the numbers
 * themselves (stale days, and the days a citizen may reopen a resolved letter, issue 32).
 */
export default function StaleAssignments() {
  const { t, i18n } = useTranslation(STALE_NS);
  const settings = useQuery({ queryKey: deskSettingsQueryKey, queryFn: fetchDeskSettings });
  const stale = useQuery({ queryKey: staleQueryKey, queryFn: fetchStale });
  const [releasing, setReleasing] = useState<StaleAssignment>();
  const language = i18n.language === 'pl' ? 'pl' : 'en';
  const nameOf = (item: StaleAssignment) =>
    item.kind === 'case' && item.caseType ? [caseTypeLabels[language][item.caseType], item.subject].filter(Boolean).join(' - ') : item.subject;

  return (
    <section className="card stale" aria-labelledby="stale-title">
      <h2 id="stale-title">{t('title')}</h2>
      {settings.data && <p>{t('intro', { days: settings.data.staleWorkingDays })}</p>}
      <NotificationSlot keys={['admin.stale']} />
      {stale.isPending ? (
        <LoadingState />
      ) : stale.isError ? (
        <ErrorState>{t('loadFailed')}</ErrorState>
      ) : stale.data.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <div className="stale__scroll">
          <table className="stale__table">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.matter')}</th>
                <th scope="col">{t('columns.handler')}</th>
                <th scope="col">{t('columns.idle')}</th>
                <th scope="col">{t('columns.last')}</th>
                <th scope="col">{t('columns.action')}</th>
              </tr>
            </thead>
            <tbody>
              {stale.data.map((item) => (
                <tr key={`${item.kind}-${item.id}`}>
                  <th scope="row">
                    {t(item.kind)} {item.reference}: {nameOf(item)}
                  </th>
                  <td>{item.handlerName}</td>
                  <td>{item.idleWorkingDays}</td>
                  <td>
                    <time dateTime={item.lastActionAt}>{formatDateTime(item.lastActionAt, i18n.language, { compact: true })}</time>
                  </td>
                  <td>
                    <button type="button" className="button button--secondary" aria-label={t('releaseLabel', { reference: item.reference })} onClick={() => setReleasing(item)}>
                      {t('release')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {releasing && <ReleaseDialog item={releasing} onClose={() => setReleasing(undefined)} />}
      <SettingsForm />
    </section>
  );
}

function ReleaseDialog({ item, onClose }: { item: StaleAssignment; onClose: () => void }) {
  const { t } = useTranslation(STALE_NS);
  const message = useMessageText();
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useMutation({
    mutationFn: (text: string) => release(item.kind, item.id, text),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: staleQueryKey }), queryClient.invalidateQueries({ queryKey: auditQueryKey })]),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = handoffReasonRequest.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    mutation.mutate(checked.data.reason, {
      onSuccess: () => {
        onClose();
        notify(t('released', { reference: item.reference }), 'success', { key: 'admin.stale' });
      },
      onError: (failure) => {
        const field = failure instanceof HttpError ? failure.fields.reason : undefined;
        if (field) return setError(field);
        onClose();
        notify(failure instanceof HttpError && failure.status === 409 ? (message(failure.message) ?? t('failed')) : t('failed'), 'error', { key: 'admin.stale' });
      },
    });
  }
  return (
    <Modal
      isOpen
      title={t('releaseTitle', { reference: item.reference })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <BusyButton type="submit" form={`${id}-release`} className="button button--primary" busy={mutation.isPending}>
            {mutation.isPending ? t('releasing') : t('confirm')}
          </BusyButton>
        </>
      }
    >
      <p>{t('releaseIntro', { name: item.handlerName })}</p>
      <form id={`${id}-release`} noValidate onSubmit={onSubmit}>
        <TextAreaField label={t('reason')} rows={3} maxLength={HANDOFF_REASON_MAX} value={reason} error={message(error)} onChange={(event) => setReason(event.currentTarget.value)} />
      </form>
    </Modal>
  );
}

function SettingsForm() {
  const { t } = useTranslation(STALE_NS);
  const message = useMessageText();
  const titleId = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: deskSettingsQueryKey, queryFn: fetchDeskSettings });
  const [typed, setTyped] = useState<{ staleWorkingDays?: string; reopenWindowDays?: string }>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveDeskSettings,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: deskSettingsQueryKey }), queryClient.invalidateQueries({ queryKey: staleQueryKey })]),
  });
  if (settings.isPending) return <LoadingState />;
  if (!settings.data) return <ErrorState>{t('loadFailed')}</ErrorState>;
  const stored = settings.data;
  const valueOf = (key: 'staleWorkingDays' | 'reopenWindowDays') => typed[key] ?? String(stored[key]);
  const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = deskSettings.safeParse({ staleWorkingDays: numberOf(valueOf('staleWorkingDays')), reopenWindowDays: numberOf(valueOf('reopenWindowDays')) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setTyped({});
        notify(t('settings.saved'), 'success', { key: 'admin.stale.settings' });
      },
      onError: (failure) =>
        failure instanceof HttpError && Object.keys(failure.fields).length > 0 ? setErrors(failure.fields) : notify(t('settings.failed'), 'error', { key: 'admin.stale.settings' }),
    });
  }

  return (
    <form noValidate className="form stale__settings" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h3 id={titleId}>{t('settings.title')}</h3>
      <NotificationSlot keys={['admin.stale.settings']} />
      {(['staleWorkingDays', 'reopenWindowDays'] as const).map((key) => (
        <NumberField
          key={key}
          label={t(key === 'staleWorkingDays' ? 'settings.stale' : 'settings.reopen')}
          step={1}
          inputMode="numeric"
          value={valueOf(key)}
          error={message(errors[key])}
          onChange={(event) => setTyped({ ...typed, [key]: event.currentTarget.value })}
        />
      ))}
      <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </BusyButton>
    </form>
  );
}
