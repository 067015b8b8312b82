import { zodResolver } from '@hookform/resolvers/zod';
import { createLetterRequest, DEPARTMENTS, LETTER_CONTENT_MAX, LETTER_SUBJECT_MAX, letterMessages, type Department } from '@portal/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { dismissKey, NotificationSlot, notify } from '../../../lib/notifications';
import { quotaReason } from '../../../lib/quota-reason';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { SelectField } from '../../../lib/ui/select-field';
import { TextAreaField } from '../../../lib/ui/text-area-field';
import { TextField } from '../../../lib/ui/text-field';
import { useCreateLetterMutation } from '../api/mutations';
import { LETTERS_NS } from '../i18n';
import type { SentLetter } from './letter-receipt';
import { BusyButton } from '../../../lib/ui/busy-button';

/** The fields the citizen fills in; userID and sentAt are added on submit. One rule source: the contract. */
const letterForm = z.pick(createLetterRequest, { subject: true, content: true, recipient: true });
/** What the inputs hold: the department select starts on its empty "Choose a department" option. */
type LetterFormInput = Omit<z.input<typeof letterForm>, 'recipient'> & { recipient: Department | '' };
type LetterFormValues = z.output<typeof letterForm>;

const emptyForm: LetterFormInput = { subject: '', content: '', recipient: '' };

type CreateLetterFormProps = {
  userId: number;
  /** After 'Letter created successfully!': what the proof of sending shows. */
  onSent?: (letter: SentLetter) => void;
  /** After 'Failed to create letter.' (or the call's error): the proof of the letter before is no longer this form's outcome. */
  onFailed?: () => void;
};

/**
 * Spec sections 2, 5, 7 and 8: subject, body and department, all required with one shared message;
 * 'Letter created successfully!' clears the form, any other status says 'Failed to create letter.',
 * and a call that never gets an answer says 'An error occurred while creating the letter.'
 */
export function CreateLetterForm({ userId, onSent, onFailed }: CreateLetterFormProps) {
  const { t } = useTranslation(LETTERS_NS);
  const message = useMessageText();
  const errorId = useId();
  const mutation = useCreateLetterMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<LetterFormInput, unknown, LetterFormValues>({
    resolver: zodResolver<LetterFormInput, unknown, LetterFormValues>(letterForm),
    defaultValues: emptyForm,
    shouldFocusError: false,
  });

  function onSubmit(values: LetterFormValues) {
    const sentAt = new Date().toISOString();
    mutation.mutate(
      { ...values, userID: userId, sentAt },
      {
        onSuccess: (conversation) => {
          // The spec's 'Letter created successfully!' opens the proof-of-sending panel (LetterReceipt),
          // which says it lastingly: no second, passing copy of it.
          dismissKey('letters.create');
          reset(emptyForm);
          onSent?.({
            subject: values.subject,
            recipient: values.recipient,
            sentAt: conversation?.createdAt ?? sentAt,
            letterId: conversation?.letterId,
            conversationId: conversation?.id,
            dueDate: conversation?.dueDate ?? null,
          });
        },
        onError: (error) => {
          const text = error instanceof HttpError ? letterMessages.failed : letterMessages.error;
          // The spec's text, then why when a quota refused it (too many letters this hour).
          const reason = message(quotaReason(error));
          notify(reason ? `${message(text) ?? text} ${reason}` : (message(text) ?? text), 'error', { key: 'letters.create' });
          // The last letter's 'Letter created successfully!' must not stand beside this failure as
          // if it answered it: the failure takes its place (that letter stays in Your Conversations).
          onFailed?.();
        },
      },
    );
  }

  // One message for the three fields (the spec words them together), shown once in the error
  // summary above them and tied to each field it is about.
  const sharedMessageFor = (error: unknown) => (error ? `${errorId}-summary-list` : undefined);
  const isBusy = mutation.isPending;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, () => dismissKey('letters.create'))} aria-busy={isBusy} className="form letter-form" aria-labelledby={`${errorId}-title`}>
      <h2 id={`${errorId}-title`} className="form__title">
        {t('form.title')}
      </h2>
      <p className="form__intro">{t('form.intro')}</p>
      <ErrorSummary id={`${errorId}-summary`} errors={errors} submitCount={submitCount} />
      <TextField
        label={t('form.subject')}
        maxLength={LETTER_SUBJECT_MAX}
        invalid={Boolean(errors.subject)}
        describedBy={sharedMessageFor(errors.subject)}
        {...register('subject')}
      />
      <TextAreaField
        label={t('form.body')}
        rows={7}
        maxLength={LETTER_CONTENT_MAX}
        invalid={Boolean(errors.content)}
        describedBy={sharedMessageFor(errors.content)}
        {...register('content')}
      />
      <SelectField
        label={t('form.department')}
        placeholder={t('form.chooseDepartment')}
        options={DEPARTMENTS.map((department) => ({ value: department, label: t(`departments.${department}`) }))}
        invalid={Boolean(errors.recipient)}
        describedBy={sharedMessageFor(errors.recipient)}
        {...register('recipient')}
      />
      <BusyButton type="submit" className="button button--primary" busy={isBusy}>
        {isBusy ? t('form.busy') : t('form.submit')}
      </BusyButton>
      <NotificationSlot keys={['letters.create']} />
    </form>
  );
}
