import { zodResolver } from '@hookform/resolvers/zod';
import { registerRequest, todayIsoDate, type RegisterRequest } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { TextField } from '../../../lib/ui/text-field';
import { AUTH_NS } from '../i18n';
import { BusyButton } from '../../../lib/ui/busy-button';

type RegisterFormProps = { isBusy: boolean; onSubmit: (values: RegisterRequest) => void };

const emptyForm: z.input<typeof registerRequest> = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  dateOfBirth: '',
};

export function RegisterForm({ isBusy, onSubmit }: RegisterFormProps) {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof registerRequest>, unknown, RegisterRequest>({
    resolver: zodResolver(registerRequest),
    defaultValues: emptyForm,
    shouldFocusError: false,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isBusy} className="form">
      <h2 className="form__title">{t('formTitles.register')}</h2>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      {/* One column: the fields are read and filled top to bottom, never across. */}
      <TextField label={t('fields.username')} autoComplete="username" error={message(errors.username?.message)} {...register('username')} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('hints.password')}
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <TextField label={t('fields.firstName')} autoComplete="given-name" error={message(errors.firstName?.message)} {...register('firstName')} />
      <TextField label={t('fields.lastName')} autoComplete="family-name" error={message(errors.lastName?.message)} {...register('lastName')} />
      <TextField
        label={t('fields.phoneNumber')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={t('hints.phoneNumber')}
        error={message(errors.phoneNumber?.message)}
        {...register('phoneNumber')}
      />
      <TextField
        label={t('fields.dateOfBirth')}
        type="date"
        autoComplete="bday"
        max={todayIsoDate()}
        error={message(errors.dateOfBirth?.message)}
        {...register('dateOfBirth')}
      />
      <BusyButton type="submit" className="button button--primary" busy={isBusy}>
        {isBusy ? t('submit.busy') : t('submit.register')}
      </BusyButton>
    </form>
  );
}
