import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX, employeeMessages, NAME_MAX, PASSWORD_MAX, PHONE_DIGITS, registerEmployeeRequest, todayIsoDate, USERNAME_MAX, type RegisterEmployeeRequest } from '@portal/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { placeServerFieldErrors } from '../../../lib/ui/form-errors';
import { DateField, TextField } from '../../../lib/ui/text-field';
import { useRegisterEmployeeMutation } from '../api/mutations';
import { ADMIN_NS } from '../i18n';
import { BusyButton } from '../../../lib/ui/busy-button';

type FormInput = z.input<typeof registerEmployeeRequest>;
const FIELDS = ['username', 'email', 'password', 'firstName', 'lastName', 'phoneNumber', 'dateOfBirth'] as const satisfies readonly (keyof RegisterEmployeeRequest)[];
const emptyForm: FormInput = { username: '', email: '', password: '', firstName: '', lastName: '', phoneNumber: '', dateOfBirth: '' };

type Outcome = { kind: 'success' | 'failure'; key: number } | undefined;

/**
 * Spec sections 2, 5 and 8: the admin's register form. Each message sits under its field; success
 * says 'Employee registered successfully!' and clears the form, a failure says 'Failed to register
 * employee. Please try again.' and keeps what was typed (a taken username is marked on its field).
 */
export function RegisterEmployeeForm() {
  const { t } = useTranslation(ADMIN_NS);
  const message = useMessageText();
  const titleId = useId();
  const mutation = useRegisterEmployeeMutation();
  const [outcome, setOutcome] = useState<Outcome>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<FormInput, unknown, RegisterEmployeeRequest>({
    resolver: zodResolver<FormInput, unknown, RegisterEmployeeRequest>(registerEmployeeRequest),
    defaultValues: emptyForm,
    shouldFocusError: false,
  });

  function onSubmit(values: RegisterEmployeeRequest) {
    setOutcome(undefined);
    mutation.mutate(values, {
      onSuccess: () => {
        reset(emptyForm);
        setOutcome({ kind: 'success', key: Date.now() });
      },
      onError: (error) => {
        // The server's own field messages (a taken username or email) go under their fields.
        placeServerFieldErrors(error, FIELDS, setError);
        setOutcome({ kind: 'failure', key: Date.now() });
      },
    });
  }

  const errorOf = (field: (typeof FIELDS)[number]) => message(errors[field]?.message);
  const isBusy = mutation.isPending;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isBusy} aria-labelledby={titleId} className="form admin-register">
      <h2 id={titleId} className="form__title">
        {t('register.title')}
      </h2>
      <p className="form__intro">{t('register.intro')}</p>
      <ErrorSummary errors={errors} submitCount={submitCount} />
      <div className="admin-register__grid">
        <TextField label={t('register.username')} autoComplete="off" maxLength={USERNAME_MAX} error={errorOf('username')} {...register('username')} />
        <TextField label={t('register.email')} type="email" autoComplete="off" maxLength={EMAIL_MAX} error={errorOf('email')} {...register('email')} />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          hint={t('register.passwordHint')}
          error={errorOf('password')}
          {...register('password')}
        />
        <TextField label={t('register.firstName')} autoComplete="off" maxLength={NAME_MAX} error={errorOf('firstName')} {...register('firstName')} />
        <TextField label={t('register.lastName')} autoComplete="off" maxLength={NAME_MAX} error={errorOf('lastName')} {...register('lastName')} />
        <TextField
          label={t('register.phoneNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PHONE_DIGITS}
          hint={t('register.phoneHint')}
          error={errorOf('phoneNumber')}
          {...register('phoneNumber')}
        />
        <DateField label={t('register.dateOfBirth')} max={todayIsoDate()} error={errorOf('dateOfBirth')} {...register('dateOfBirth')} />
      </div>
      {/* Always present, so assistive technology announces what appears in them. */}
      <div role="status" className="form__live">
        {outcome?.kind === 'success' && (
          <p key={outcome.key} className="form__result form__result--success">
            {message(employeeMessages.registered)}
          </p>
        )}
      </div>
      <div role="alert" className="form__live">
        {outcome?.kind === 'failure' && (
          <p key={outcome.key} className="form__result form__result--error">
            {message(employeeMessages.registerFailed)}
          </p>
        )}
      </div>
      <BusyButton type="submit" className="button button--primary" busy={isBusy}>
        {isBusy ? t('register.busy') : t('register.submit')}
      </BusyButton>
    </form>
  );
}
