import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequest, type ChangePasswordRequest, passwordMessages, passwordPaths } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { HttpError, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/i18n';
import { usePasswordMessage } from '../use-password-message';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { placeServerFieldErrors } from '../../../lib/ui/form-errors';
import { ErrorState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { TextField } from '../../../lib/ui/text-field';
import { NewPasswordFields } from '../components/new-password-fields';
import { PASSWORDS_NS } from '../i18n';
import '../passwords.css';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (issue 35 point 2): every signed-in person, their other sessions end; an email and a portal entry tell them. */
export function ChangePasswordPage() {
  const { t } = useTranslation(PASSWORDS_NS);
  const message = usePasswordMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof changePasswordRequest>, unknown, ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const change = useMutation({
    mutationFn: (values: ChangePasswordRequest) => http.post(passwordPaths.change, values),
    onSuccess: () => reset(EMPTY),
    onError: (error) => {
      placeServerFieldErrors(error, ['currentPassword', 'newPassword', 'confirmPassword'], setError, { shouldFocus: true });
    },
  });
  const failure = change.error instanceof HttpError && Object.keys(change.error.fields).length === 0 ? message(change.error.message) : change.isError ? t('change.failed') : null;

  return (
    <PageShell title={t('change.title')}>
      <section className="card password-card" aria-labelledby="change-password-title">
        <h2 id="change-password-title" className="form__title">
          {t('change.formTitle')}
        </h2>
        <p>{t('change.intro')}</p>
        {change.isSuccess && (
          <p role="status" className="password-card__done">
            {message(passwordMessages.changed)}
          </p>
        )}
        {failure && !change.isPending && Object.keys(errors).length === 0 && <ErrorState>{failure}</ErrorState>}
        <form noValidate className="form" aria-busy={change.isPending} onSubmit={handleSubmit((values) => change.mutate(values))}>
          <ErrorSummary errors={errors} submitCount={submitCount} />
          <TextField label={t('change.current')} type="password" autoComplete="current-password" error={message(errors.currentPassword?.message)} {...register('currentPassword')} />
          <NewPasswordFields register={register} errors={errors} />
          <BusyButton type="submit" className="button button--primary" busy={change.isPending}>
            {change.isPending ? t('change.busy') : t('change.submit')}
          </BusyButton>
        </form>
        <p>
          <Link to="/account">{t('change.back')}</Link>
        </p>
      </section>
    </PageShell>
  );
}
