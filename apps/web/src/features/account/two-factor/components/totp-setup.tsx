import type { TotpSetupResponse, TwoFactorEnabledResponse } from '@portal/contract';
import { useState } from 'react';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { afterLoad } from '../../../../lib/ui/after-load';
import { LoadingState } from '../../../../lib/ui/list-states';
import { startTotpSetup } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';

/**
 * The QR code and the confirmation form (with the form library) appear only after "Set up": their
 * code is not part of the page's first download (issue 16).
 */
const TotpEnrolment = afterLoad(() => import('./totp-enrolment').then((module) => module.TotpEnrolment), { placeholder: <LoadingState /> });

/** The enrolment's code and the QR library, for usePreloadWhenIdle. */
export const totpEnrolmentCode = {
  preload: () => Promise.all([TotpEnrolment.preload(), import('../../../../lib/ui/qr-code').then(({ qrCodeLibrary }) => qrCodeLibrary.preload())]),
};

/**
 * Enrolment of an authenticator app: a button asks the server for a new secret, then TotpEnrolment
 * shows it and takes one code from the app to confirm it.
 */
export function TotpSetup({ onEnabled }: { onEnabled: (answer: TwoFactorEnabledResponse) => void }) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const message = useMessageText();
  const [setup, setSetup] = useState<TotpSetupResponse>();
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function start() {
    setStarting(true);
    setProblem(undefined);
    // The enrolment's code (if idle has not fetched it yet) downloads while the server makes the secret, not after.
    totpEnrolmentCode.preload().catch(() => undefined);
    try {
      setSetup(await startTotpSetup());
    } catch (error) {
      setProblem(error instanceof HttpError ? message(error.message) : t('loadError'));
    } finally {
      setStarting(false);
    }
  }

  if (setup) return <TotpEnrolment setup={setup} onEnabled={onEnabled} />;
  return (
    <div className="two-factor__start">
      <button type="button" className="button button--primary" onClick={() => void start()} disabled={starting}>
        {starting ? t('app.starting') : t('app.start')}
      </button>
      {problem && (
        <p role="alert" className="two-factor__problem">
          {problem}
        </p>
      )}
    </div>
  );
}

