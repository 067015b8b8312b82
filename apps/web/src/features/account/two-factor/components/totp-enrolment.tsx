import { zodResolver } from '@hookform/resolvers/zod';
import { totpConfirmRequest, type TotpConfirmRequest, type TotpSetupResponse, type TwoFactorEnabledResponse } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { placeServerFieldErrors } from '../../../../lib/ui/form-errors';
import { QrCode } from '../../../../lib/ui/qr-code';
import { TextField } from '../../../../lib/ui/text-field';
import { confirmTotp } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';

/** The base32 key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The second half of enrolling an authenticator app: the new secret as a QR code and as text, then
 * one code from the app to confirm it. `onEnabled` gets the recovery codes (and, for an
 * enrolment-only session, the full token).
 */
export function TotpEnrolment({ setup, onEnabled }: { setup: TotpSetupResponse; onEnabled: (answer: TwoFactorEnabledResponse) => void }) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const message = useMessageText();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof totpConfirmRequest>, unknown, TotpConfirmRequest>({ resolver: zodResolver(totpConfirmRequest), defaultValues: { code: '' } });

  useEffect(() => setFocus('code'), [setup, setFocus]);

  async function confirm({ code }: TotpConfirmRequest) {
    setProblem(undefined);
    try {
      onEnabled(await confirmTotp(code));
    } catch (error) {
      if (!placeServerFieldErrors(error, ['code'], setError, { shouldFocus: true })) setProblem(error instanceof HttpError ? message(error.message) : t('loadError'));
    }
  }

  return (
    <div className="two-factor__setup">
      <p>{t('app.step1')}</p>
      <figure className="two-factor__qr">
        <QrCode text={setup.otpauthUri} size={220} alt={t('app.qrAlt')} className="two-factor__qr-image" data-testid="totp-qr" />
      </figure>
      <p>{t('app.step2')}</p>
      <p>
        <code className="two-factor__secret" data-testid="totp-secret">
          {grouped(setup.secret)}
        </code>
      </p>
      <p>{t('app.step3')}</p>
      <form noValidate onSubmit={handleSubmit(confirm)} aria-busy={isSubmitting} className="form two-factor__confirm">
        <TextField label={t('app.code')} inputMode="numeric" autoComplete="one-time-code" error={message(errors.code?.message)} {...register('code')} />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('app.confirming') : t('app.confirm')}
        </button>
      </form>
      {problem && (
        <p role="alert" className="two-factor__problem">
          {problem}
        </p>
      )}
    </div>
  );
}
