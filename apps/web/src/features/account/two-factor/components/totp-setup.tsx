import type { TotpSetupResponse, TwoFactorEnabledResponse } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { afterLoad } from '../../../../lib/ui/after-load';
import { LoadingState } from '../../../../lib/ui/list-states';
import { startTotpSetup } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';
import { PasswordDialog } from './password-dialog';

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
 * Enrolment of an authenticator app: a button asks for the password, the server then makes a new
 * secret, and TotpEnrolment shows it and takes one code from the app to confirm it.
 */
export function TotpSetup({ onEnabled }: { onEnabled: (answer: TwoFactorEnabledResponse) => void }) {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const [setup, setSetup] = useState<TotpSetupResponse>();
  const [askPassword, setAskPassword] = useState(false);

  function ask() {
    // The enrolment's code (if idle has not fetched it yet) downloads while the person types the password, not after.
    totpEnrolmentCode.preload().catch(() => undefined);
    setAskPassword(true);
  }

  async function start(password: string) {
    setSetup(await startTotpSetup(password));
    setAskPassword(false);
  }

  if (setup) return <TotpEnrolment setup={setup} onEnabled={onEnabled} />;
  return (
    <div className="two-factor__start">
      <button type="button" className="button button--primary" onClick={ask}>
        {t('app.start')}
      </button>
      <PasswordDialog isOpen={askPassword} title={t('app.start')} confirmLabel={t('continue')} onConfirm={start} onCancel={() => setAskPassword(false)}>
        <p>{t('passwordAgain')}</p>
      </PasswordDialog>
    </div>
  );
}

