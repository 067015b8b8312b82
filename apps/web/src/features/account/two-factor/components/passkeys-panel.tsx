import type { PasskeyOptionsResponse, TwoFactorEnabledResponse, TwoFactorStatusResponse } from '@portal/contract';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format';
import { HttpError } from '../../../../lib/http';
import { useMessageText, useTranslation } from '../../../../lib/i18n';
import { addPasskey, passkeyRegistrationOptions } from '../api/calls';
import { TWO_FACTOR_NS } from '../i18n';
import { PasswordDialog } from './password-dialog';

type PasskeysPanelProps = { passkeys: TwoFactorStatusResponse['passkeys']; onAdded: (answer: TwoFactorEnabledResponse) => void };

/** The person's passkeys and a button that registers one more on this device (after the password). */
export function PasskeysPanel({ passkeys, onAdded }: PasskeysPanelProps) {
  const { t, i18n } = useTranslation(TWO_FACTOR_NS);
  const message = useMessageText();
  const [busy, setBusy] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  /** The password first (a wrong one stays in the dialog); then the device's prompt. */
  async function confirmed(password: string) {
    const options = await passkeyRegistrationOptions(password);
    setAskPassword(false);
    await add(options);
  }

  async function add(options: PasskeyOptionsResponse) {
    setBusy(true);
    setResult(undefined);
    try {
      const answer = await addPasskey(options);
      setResult({ ok: true, text: t('passkeys.saved') });
      onAdded(answer);
    } catch (error) {
      console.error('[two-factor] passkey not added', error);
      setResult({ ok: false, text: (error instanceof HttpError && message(error.message)) || t('passkeys.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {passkeys.length === 0 ? (
        <p>{t('passkeys.none')}</p>
      ) : (
        <ul className="two-factor__passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <strong>{passkey.name}</strong>{' '}
              <span className="two-factor__muted">
                {t('passkeys.added', { date: formatDateTime(passkey.createdAt, i18n.language) })}
                {passkey.lastUsedAt ? `, ${t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, i18n.language) })}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setResult(undefined);
          setAskPassword(true);
        }}
        disabled={busy}
      >
        {busy ? t('passkeys.adding') : t('passkeys.add')}
      </button>
      <PasswordDialog isOpen={askPassword} title={t('passkeys.add')} confirmLabel={t('continue')} onConfirm={confirmed} onCancel={() => setAskPassword(false)}>
        <p>{t('passwordAgain')}</p>
      </PasswordDialog>
      <p role="status" className={result && !result.ok ? 'two-factor__problem' : 'two-factor__done'}>
        {result?.text ?? ''}
      </p>
    </>
  );
}
