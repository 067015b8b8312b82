import { zodResolver } from '@hookform/resolvers/zod';
import { resetRequest, type ResetRequest } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MESSAGES_NS, useMessageText } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
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
    formState: { errors },
  } = useForm<z.input<typeof resetRequest>, unknown, ResetRequest>({
    resolver: zodResolver(resetRequest),
    defaultValues: { email: '' },
  });

  function onSubmit({ email }: ResetRequest) {
    notify(t(`${MESSAGES_NS}:auth.resetLinkSent`, { email }), 'success', { key: 'auth.reset' });
    reset();
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="form">
      <h2 className="form__title">{t('formTitles.reset')}</h2>
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
    </form>
  );
}
