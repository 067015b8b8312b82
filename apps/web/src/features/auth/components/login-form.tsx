import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest, type LoginRequest } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { TextField } from '../../../lib/ui/text-field';
import { AUTH_NS } from '../i18n';
import { BusyButton } from '../../../lib/ui/busy-button';

type LoginFormProps = { isBusy: boolean; onSubmit: (values: LoginRequest) => void };

export function LoginForm({ isBusy, onSubmit }: LoginFormProps) {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof loginRequest>, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
    shouldFocusError: false,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isBusy} className="form">
      <h2 className="form__title">{t('formTitles.login')}</h2>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      <TextField label={t('fields.username')} autoComplete="username" error={message(errors.username?.message)} {...register('username')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <BusyButton type="submit" className="button button--primary" busy={isBusy}>
        {isBusy ? t('submit.busy') : t('submit.login')}
      </BusyButton>
    </form>
  );
}
