import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PAYMENT_STATUS,
  obligationForm,
  obligationMessages,
  OBLIGATION_DESCRIPTION_MAX,
  PAYMENT_STATUSES,
  todayIsoDate,
  type UserSummary,
} from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { dismissKey, NotificationSlot, notify } from '../../../lib/notifications';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { SelectField } from '../../../lib/ui/select-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { DateField, NumberField } from '../../../lib/ui/text-field';
import { useCreateObligationMutation } from '../api/mutations';
import { OBLIGATIONS_NS } from '../i18n';
import type { CreatedObligation } from './created-obligation';
import { ObligationConfirmDialog, type PendingObligation } from './obligation-confirm-dialog';
import { BusyButton } from '../../../lib/ui/busy-button';
import { USER_SEARCH_ID } from './user-picker';

const m = obligationMessages;


/** What the inputs hold: text for every field (the amount as typed, sent as that text), the status from its select. */
type ObligationFormInput = z.input<typeof obligationForm>;
type ObligationFormValues = z.output<typeof obligationForm>;

const emptyForm = (): ObligationFormInput => ({
  amount: '',
  dueDate: '',
  paymentStatus: DEFAULT_PAYMENT_STATUS,
  issueDate: todayIsoDate(),
  description: '',
});

type ObligationFormProps = {
  user: UserSummary | undefined;
  onCreated: (created: CreatedObligation) => void;
  /** Create was pressed without a user: the page shows 'Please select a user.' at the picker too. */
  onUserMissing?: () => void;
  /** Whether that message stands (until a user is chosen): the error summary lists it first. */
  userMissing?: boolean;
};

/**
 * Spec sections 2, 4, 5 and 8, the right panel: 'Create Financial Obligation for' + username;
 * amount, due date, payment status and issue date required (messages under the fields),
 * description optional. Without a user: 'Select a user to create an obligation.', and submitting
 * says 'Please select a user.'. A valid form first asks to confirm a summary ("You are charging Anna
 * Nowak 245.50 PLN, due 15 December 2026"); then 'Financial obligation created successfully.'
 * resets the form and deselects the user; a failed creation shows nothing (logged only).
 */
export function ObligationForm({ user, onCreated, onUserMissing, userMissing = false }: ObligationFormProps) {
  const { t } = useTranslation(OBLIGATIONS_NS);
  // The checked values waiting for the clerk's yes; the summary dialog is open while they are set.
  const [pending, setPending] = useState<PendingObligation>();
  const message = useMessageText();
  const titleId = useId();
  const mutation = useCreateObligationMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A chosen user takes the reader to the form (below the list on a narrow screen), and
  // 'Please select a user.' no longer holds.
  useEffect(() => {
    if (!user) return;
    heading.current?.focus();
    dismissKey('obligations.selectUser');
  }, [user]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<ObligationFormInput, unknown, ObligationFormValues>({
    resolver: zodResolver<ObligationFormInput, unknown, ObligationFormValues>(obligationForm),
    defaultValues: emptyForm(),
    shouldFocusError: false,
  });

  function askForUser() {
    // In place of what the last creation said.
    dismissKey('obligations.create');
    notify(message(m.selectUser) ?? m.selectUser, 'error', { key: 'obligations.selectUser' });
    onUserMissing?.();
  }

  function onSubmit(values: ObligationFormValues) {
    if (!user) {
      askForUser();
      return;
    }
    setPending({ values, user });
  }

  function onConfirm() {
    if (!pending) return;
    const { values, user: citizen } = pending;
    mutation.mutate(
      { ...values, interestId: citizen.id },
      {
        onSuccess: (obligation) => {
          // The spec's 'Financial obligation created successfully.' opens the lasting panel of the
          // creation (CreatedObligationPanel): no second, passing copy of it.
          dismissKey('obligations.create');
          setPending(undefined);
          reset(emptyForm());
          onCreated({ obligation, citizen });
        },
        onError: (error) => {
          // Spec section 8: a failed creation is only logged; the form keeps what was typed.
          setPending(undefined);
          console.error('[obligations] creating the obligation failed', error);
        },
      },
    );
  }

  function onInvalid() {
    // The messages are under the fields; without a user that is said first, as the spec's alert.
    if (!user) askForUser();
  }

  return (
    <>
      <form noValidate className="form obligation-form" aria-labelledby={titleId} aria-busy={mutation.isPending} onSubmit={handleSubmit(onSubmit, onInvalid)}>
        <h2 id={titleId} ref={heading} tabIndex={-1} className="form__title">
          {message(m.createFor)}
          {user && <> {user.username}</>}
        </h2>
        {user ? (
          <p className="note">
            {user.firstName} {user.lastName}
          </p>
        ) : (
          <p className="note obligation-form__prompt">{message(m.selectUserPrompt)}</p>
        )}
        <ErrorSummary
          errors={errors}
          submitCount={submitCount}
          outside={!user && userMissing ? [{ name: 'user', message: m.selectUser, targetId: USER_SEARCH_ID }] : []}
        />
        <div className="form__grid">
          <NumberField label={t('fields.amount')} min="0.01" step="0.01" error={message(errors.amount?.message)} {...register('amount')} />
          <SelectField
            label={t('fields.paymentStatus')}
            options={PAYMENT_STATUSES.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            error={message(errors.paymentStatus?.message)}
            {...register('paymentStatus')}
          />
          <DateField label={t('fields.issueDate')} error={message(errors.issueDate?.message)} {...register('issueDate')} />
          <DateField label={t('fields.dueDate')} error={message(errors.dueDate?.message)} {...register('dueDate')} />
        </div>
        <TextAreaField
          label={t('fields.description')}
          hint={t('create.optional')}
          rows={3}
          maxLength={OBLIGATION_DESCRIPTION_MAX}
          error={message(errors.description?.message)}
          {...register('description')}
        />
        <BusyButton type="submit" className="button button--primary" busy={mutation.isPending}>
          {mutation.isPending ? t('create.busy') : t('create.submit')}
        </BusyButton>
        <NotificationSlot keys={['obligations.create', 'obligations.selectUser']} />
      </form>
      <ObligationConfirmDialog
        pending={pending}
        isBusy={mutation.isPending}
        onConfirm={onConfirm}
        onCancel={() => !mutation.isPending && setPending(undefined)}
      />
    </>
  );
}
