import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { signInWithPasskey } from '../api/passkey';
import { AUTH_NS } from '../i18n';

/** Passwordless sign-in for people who registered a passkey (issue 21), under the login form. */
export function PasskeySignIn({ onToken }: { onToken: (token: string) => void }) {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function start() {
    setBusy(true);
    setProblem(undefined);
    try {
      onToken(await signInWithPasskey());
    } catch (error) {
      console.error('[login] passkey sign-in failed', error);
      setProblem(error instanceof HttpError ? message(error.message) : t('passkey.cancelled'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">{t('passkey.or')}</p>
      <button type="button" className="button button--secondary" onClick={() => void start()} disabled={busy}>
        {busy ? t('submit.busy') : t('passkey.signIn')}
      </button>
      {problem && (
        <p role="alert" className="form__error">
          {problem}
        </p>
      )}
    </div>
  );
}
