import { zodResolver } from '@hookform/resolvers/zod';
import { resetRequest, type ResetRequest } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { MESSAGES_NS, useMessageText, useTranslation } from '../../../lib/i18n';
import { dismissKey, NotificationSlot, notify } from '../../../lib/notifications';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { TextField } from '../../../lib/ui/text-field';
import { AUTH_NS } from '../i18n';

/** Spec sections 2 and 5: a valid address only produces the notification; nothing is sent anywhere. */
export function ResetForm() {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof resetRequest>, unknown, ResetRequest>({
    resolver: zodResolver(resetRequest),
    defaultValues: { email: '' },
    shouldFocusError: false,
  });

  function onSubmit({ email }: ResetRequest) {
    notify(t(`${MESSAGES_NS}:auth.resetLinkSent`, { email }), 'success', { key: 'auth.reset' });
    reset();
  }

  function onInvalid() {
    // The link sent to an earlier address is no longer the news once a new one is being fixed.
    dismissKey('auth.reset');
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="form">
      <h2 className="form__title">{t('formTitles.reset')}</h2>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        hint={t('hints.resetEmail')}
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <button type="submit" className="button button--primary">
        {t('submit.reset')}
      </button>
      <NotificationSlot keys={['auth.reset']} />
    </form>
  );
}
