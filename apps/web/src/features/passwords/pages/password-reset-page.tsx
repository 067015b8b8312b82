import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkResetResponse,
  completeResetRequest,
  type CompleteResetRequest,
  type CheckResetResponse,
  passwordMessages,
  passwordPaths,
} from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod/mini';
import { formatDateTime } from '../../../lib/format';
import { HttpError, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/i18n';
import { usePasswordMessage } from '../use-password-message';
import { BusyButton } from '../../../lib/ui/busy-button';
import { ErrorSummary } from '../../../lib/ui/error-summary';
import { placeServerFieldErrors } from '../../../lib/ui/form-errors';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { NewPasswordFields } from '../components/new-password-fields';
import { PASSWORDS_NS } from '../i18n';
import '../passwords.css';

/** The link's secret: in the address's fragment (`#token=…`), which no server and no Referer ever sees. */
const tokenOf = (hash: string): string => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

const GONE: Record<Exclude<CheckResetResponse['state'], 'valid'>, string> = {
  expired: passwordMessages.resetLinkExpired,
  used: passwordMessages.resetLinkUsed,
  invalid: passwordMessages.resetLinkInvalid,
};

/** The page an admin's reset email links to (issue 35 point 3): works signed out; says clearly when the link no longer works. */
export function PasswordResetPage() {
  const { t } = useTranslation(PASSWORDS_NS);
  const message = usePasswordMessage();
  const token = tokenOf(useLocation().hash);
  const link = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => http.post(passwordPaths.checkReset, { token }, checkResetResponse),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  return (
    <PageShell title={t('reset.title')}>
      <section className="card password-card" aria-labelledby="password-reset-title">
        <h2 id="password-reset-title" className="form__title">
          {t('reset.formTitle')}
        </h2>
        {token === '' ? (
          <ErrorState>{t('reset.missing')}</ErrorState>
        ) : link.isPending ? (
          <LoadingState text={t('reset.checking')} />
        ) : link.isError ? (
          <ErrorState>{t('reset.failed')}</ErrorState>
        ) : link.data.state === 'valid' ? (
          <ResetForm token={token} expiresAt={link.data.expiresAt} />
        ) : (
          <>
            <ErrorState>{message(GONE[link.data.state])}</ErrorState>
            <p>
              <Link to="/login">{t('reset.toLogin')}</Link>
            </p>
          </>
        )}
      </section>
    </PageShell>
  );
}

function ResetForm({ token, expiresAt }: { token: string; expiresAt: string | null }) {
  const { t, i18n } = useTranslation(PASSWORDS_NS);
  const message = usePasswordMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof completeResetRequest>, unknown, CompleteResetRequest>({
    resolver: zodResolver(completeResetRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const complete = useMutation({
    mutationFn: (values: CompleteResetRequest) => http.post(passwordPaths.completeReset, values),
    onError: (error) => {
      placeServerFieldErrors(error, ['newPassword', 'confirmPassword'], setError, { shouldFocus: true });
    },
  });

  if (complete.isSuccess) {
    return (
      <>
        <p role="status" className="password-card__done">
          {message(passwordMessages.resetDone)}
        </p>
        <p>
          <Link to="/login">{t('reset.toLogin')}</Link>
        </p>
      </>
    );
  }
  // A link that stopped working meanwhile (used in another tab, expired while typing) says so as the page would.
  const gone = complete.error instanceof HttpError ? complete.error.fields.token : undefined;
  const failure = gone ?? (complete.error instanceof HttpError && Object.keys(complete.error.fields).length > 0 ? undefined : complete.isError ? t('reset.failed') : undefined);
  return (
    <>
      <p>{t('reset.intro')}</p>
      {expiresAt && <p>{t('reset.expiresAt', { time: formatDateTime(expiresAt, i18n.language, { compact: true }) })}</p>}
      {failure && <ErrorState>{message(failure)}</ErrorState>}
      <form noValidate className="form" aria-busy={complete.isPending} onSubmit={handleSubmit((values) => complete.mutate(values))}>
        <ErrorSummary errors={errors} submitCount={submitCount} />
        <NewPasswordFields register={register} errors={errors} />
        <BusyButton type="submit" className="button button--primary" busy={complete.isPending}>
          {complete.isPending ? t('reset.busy') : t('reset.submit')}
        </BusyButton>
      </form>
    </>
  );
}
