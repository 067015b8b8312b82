import {
  CASE_DECISION_REASON_MAX,
  CASE_DECISION_STATUSES,
  CASE_STATUSES,
  CASE_STATUSES_NEEDING_REASON,
  type CaseResolutionResponse,
  type CaseStatus,
  caseStatusFormSchema,
  caseReference,
  PENDING_CASE_FILTER,
  referenceWithName,
} from '@portal/contract';
import { useRef, useState } from 'react';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { NotificationSlot, notify } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { SelectField } from '../../../lib/ui/select-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { useUpdateCaseStatusMutation } from '../api/mutations';
import { useCaseName } from '../case-name';
import { CASES_NS } from '../i18n';
import { BusyButton } from '../../../lib/ui/busy-button';

/**
 * Spec sections 2 and 4, for employees and admins: any of the four statuses and 'Update'
 * ('Updating...' while busy). Afterwards the pending list is loaded again and the choice goes
 * back to PENDING. Issue 19 adds the message to the applicant (required for a rejection) and a
 * confirmation naming the case and the applicant before a decision (REJECTED, RESOLVED).
 */
export function CaseStatusForm({ caseResolution }: { caseResolution: CaseResolutionResponse }) {
  const { t } = useTranslation(CASES_NS);
  const message = useMessageText();
  const nameOf = useCaseName();
  const [status, setStatus] = useState<CaseStatus>(PENDING_CASE_FILTER);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const mutation = useUpdateCaseStatusMutation();
  const isBusy = mutation.isPending;
  const caseId = caseResolution.id;
  const name = nameOf(caseResolution);
  const applicant = t('list.applicantName', caseResolution.applicant);
  const needsReason = CASE_STATUSES_NEEDING_REASON.includes(status);

  /** The contract's rule for the form; the first message, or undefined when the form may be sent. */
  function check(values: { status: CaseStatus; reason: string }): string | undefined {
    const result = caseStatusFormSchema.safeParse(values);
    return result.success ? undefined : result.error.issues[0]?.message;
  }

  function send() {
    const written = reason.trim();
    mutation.mutate(
      { caseId, status, reason: written === '' ? null : written },
      {
        onSuccess: (updated) => {
          setConfirming(false);
          notify(t('details.updated', { name, status: t(`status.${updated.status}`) }), 'success', { key: `cases.status.${caseId}` });
          setStatus(PENDING_CASE_FILTER);
          setReason('');
          setReasonError(undefined);
        },
        onError: (error) => {
          setConfirming(false);
          console.error('Case status not changed', error);
          notify(t('details.updateFailed'), 'error', { key: `cases.status.${caseId}` });
        },
      },
    );
  }

  return (
    <form
      className="case-status-form"
      aria-busy={isBusy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = check({ status, reason });
        if (problem) {
          setReasonError(problem);
          reasonField.current?.focus();
          return;
        }
        if (CASE_DECISION_STATUSES.includes(status)) setConfirming(true);
        else send();
      }}
    >
      <div className="case-status-form__row">
        <SelectField
          label={t('details.statusLabel')}
          className="case-status-form__field"
          options={CASE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={status}
          disabled={isBusy}
          onChange={(event) => {
            const next = event.currentTarget.value as CaseStatus;
            setStatus(next);
            // A message shown for the old choice may not hold for the new one.
            if (reasonError) setReasonError(check({ status: next, reason }));
          }}
        />
        <BusyButton type="submit" className="button button--primary" busy={isBusy}>
          {isBusy ? t('details.updating') : t('details.update')}
        </BusyButton>
      </div>
      <TextAreaField
        ref={reasonField}
        label={t('details.reason')}
        hint={needsReason ? t('details.reasonHintRequired') : t('details.reasonHint')}
        className="case-status-form__reason"
        rows={3}
        maxLength={CASE_DECISION_REASON_MAX}
        aria-required={needsReason || undefined}
        disabled={isBusy}
        value={reason}
        error={message(reasonError)}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setReason(next);
          if (reasonError) setReasonError(check({ status, reason: next }));
        }}
      />
      <ConfirmDialog
        isOpen={confirming}
        title={t(`details.confirmTitle_${status === 'REJECTED' ? 'REJECTED' : 'RESOLVED'}`)}
        confirmLabel={t(`details.confirm_${status === 'REJECTED' ? 'REJECTED' : 'RESOLVED'}`)}
        cancelLabel={t('details.cancel')}
        busyLabel={t('details.updating')}
        isBusy={isBusy}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        {/* The case by its one reference beside its name (C-4: Vehicle registration - KR 7781X), as every channel names it. */}
        <p>{t('details.confirmText', { name: referenceWithName(caseReference(caseId), name), applicant, status: t(`status.${status}`).toLocaleLowerCase() })}</p>
        {reason.trim() === '' ? (
          <p>{t('details.confirmNoReason')}</p>
        ) : (
          <>
            <p>{t('details.confirmReason')}</p>
            <blockquote className="case-status-form__quote">{reason.trim()}</blockquote>
          </>
        )}
      </ConfirmDialog>
      <NotificationSlot keys={['cases.status']} />
    </form>
  );
}
