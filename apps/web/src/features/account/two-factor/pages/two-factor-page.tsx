import type { TwoFactorEnabledResponse } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useNavigate } from 'react-router';
import { storeAuthToken } from '../../../../lib/auth-cookie';
import { currentUserQueryKey, useSession } from '../../../../lib/current-user';
import { usePreloadWhenIdle } from '../../../../lib/ui/after-load';
import { ErrorState, LoadingState } from '../../../../lib/ui/list-states';
import { PageShell } from '../../../../lib/ui/page-shell';
import { fetchTwoFactorStatus, renewRecoveryCodes, twoFactorStatusKey } from '../api/calls';
import { PasskeysPanel } from '../components/passkeys-panel';
import { PasswordDialog } from '../components/password-dialog';
import { RecoveryCodesList } from '../components/recovery-codes-list';
import { TotpSetup, totpEnrolmentCode } from '../components/totp-setup';
import { TurnOffDialog } from '../components/turn-off-dialog';
import { TWO_FACTOR_NS } from '../i18n';
import '../two-factor.css';

// The set-up's QR code and form load after the first view (issue 16: the page's first JavaScript
// without the form library). The dialogs and the recovery codes come with the page: a button must
// never wait on a download, and the codes, shown once, must not depend on one.

/**
 * The person's own two-factor sign-in (issue 21): an authenticator app (QR code and key, one
 * code to confirm), passkeys, and recovery codes shown once. A staff session that must enrol
 * (STAFF_2FA=required) lands here and continues with a full session once a factor is set up.
 */
export function TwoFactorPage() {
  const { t } = useTranslation(TWO_FACTOR_NS);
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = useQuery({ queryKey: twoFactorStatusKey, queryFn: fetchTwoFactorStatus });
  const [codes, setCodes] = useState<string[]>();
  /** The set-up just replaced an enrolment-only session: "saved" continues to the person's work. */
  const [continueHome, setContinueHome] = useState(false);
  const [askRenew, setAskRenew] = useState(false);
  const [askOff, setAskOff] = useState(false);
  const [notice, setNotice] = useState('');
  usePreloadWhenIdle(totpEnrolmentCode);

  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  async function renew(password: string) {
    const { recoveryCodes } = await renewRecoveryCodes(password);
    setAskRenew(false);
    setCodes(recoveryCodes);
    void refresh();
  }
  function turnedOff() {
    setAskOff(false);
    setNotice(t('off.done'));
    void refresh();
  }

  function enabled(answer: TwoFactorEnabledResponse) {
    if (answer.tokenJWT) {
      // The enrolment-only session was revoked by the server: the new token replaces it at once.
      storeAuthToken(answer.tokenJWT);
      setContinueHome(true);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
    if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
    void refresh();
  }

  function codesSaved() {
    setCodes(undefined);
    if (continueHome) void navigate('/login');
    // The codes and their buttons are gone: the reader continues from the authenticator's heading.
    else requestAnimationFrame(() => document.getElementById('two-factor-app')?.focus());
  }

  const username = session.status === 'user' ? session.user.username : '';
  const data = status.data;
  const isOn = Boolean(data && (data.totp || data.passkeys.length > 0));

  return (
    <PageShell title={t('title')}>
      <div className="two-factor">
        <p className="two-factor__intro">{t('intro')}</p>
        {data?.enrolmentPending && !isOn && (
          <p className="two-factor__callout" role="status">
            {t('enrolmentPending')}
          </p>
        )}
        {status.isPending && <LoadingState text={t('loading')} />}
        {status.isError && <ErrorState>{t('loadError')}</ErrorState>}
        {codes && <RecoveryCodesList codes={codes} username={username} onDone={codesSaved} />}
        {data && !codes && (
          <>
            <section className="card" aria-labelledby="two-factor-app">
              <h2 id="two-factor-app" className="two-factor__heading" tabIndex={-1}>
                {t('app.title')}{' '}
                <span className={data.totp ? 'status-badge two-factor__on' : 'status-badge two-factor__off'}>{data.totp ? t('statusOn') : t('statusOff')}</span>
              </h2>
              <p>{t('app.explain')}</p>
              {data.totp ? <p>{t('app.on')}</p> : <TotpSetup onEnabled={enabled} />}
            </section>

            <section className="card" aria-labelledby="two-factor-passkeys">
              <h2 id="two-factor-passkeys" className="two-factor__heading">
                {t('passkeys.title')}
              </h2>
              <p>{t('passkeys.explain')}</p>
              <PasskeysPanel passkeys={data.passkeys} onAdded={enabled} />
            </section>

            {isOn && (
              <section className="card" aria-labelledby="two-factor-recovery">
                <h2 id="two-factor-recovery" className="two-factor__heading">
                  {t('recovery.title')}
                </h2>
                <p>{t('recovery.explain')}</p>
                <p>{t('recovery.left', { count: data.recoveryCodesLeft })}</p>
                <div className="button-row">
                  <button type="button" className="button button--secondary" onClick={() => setAskRenew(true)}>
                    {t('recovery.renew')}
                  </button>
                  {!data.required && (
                    <button type="button" className="button button--secondary" onClick={() => setAskOff(true)}>
                      {t('off.button')}
                    </button>
                  )}
                </div>
                {data.required && <p className="two-factor__muted">{t('requiredNote')}</p>}
              </section>
            )}
          </>
        )}
        <p role="status" className="two-factor__done">
          {notice}
        </p>
      </div>
      <PasswordDialog isOpen={askRenew} title={t('recovery.renewTitle')} confirmLabel={t('recovery.renewConfirm')} onConfirm={renew} onCancel={() => setAskRenew(false)}>
        <p>{t('recovery.renewBody')}</p>
        <p>{t('passwordAgain')}</p>
      </PasswordDialog>
      <TurnOffDialog isOpen={askOff} onCancel={() => setAskOff(false)} onDone={turnedOff} />
    </PageShell>
  );
}
