import { SESSION_WARNING_MS, sessionsPaths, tokenResponse } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAuthToken, reloadSoon, removeAuthToken, storeAuthToken } from '../../../lib/auth-cookie';
import { http } from '../../../lib/http';
import { logOut } from '../../../lib/log-out';
import { Modal } from '../../../lib/ui/modal';
import { ACCOUNT_NS } from '../i18n';
import { tokenTimes } from './token-expiry';

type Phase = { kind: 'quiet' } | { kind: 'warning'; endsAt: number } | { kind: 'staying'; endsAt: number } | { kind: 'failed'; endsAt: number };

const minutesAndSeconds = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * WCAG 2.2.1 (issue 21): two minutes before the session's token ends, a dialog says so and offers
 * "Stay signed in" (a new token; the old one is revoked) or "Sign out". Escape means "stay": the
 * person is there to press it, and nothing is lost by staying. When the time is up, the cookie goes
 * and the page reloads signed out.
 */
export function SessionTimeout() {
  const { t } = useTranslation(ACCOUNT_NS);
  // A token this tab was just given is new whatever this computer's clock says: its end is "now
  // plus its lifetime". A token found in the cookie is judged by its expiry against the clock.
  const [held, setHeld] = useState(() => ({ token: readAuthToken(), receivedAt: null as number | null }));
  const [phase, setPhase] = useState<Phase>({ kind: 'quiet' });
  const [now, setNow] = useState(Date.now);
  const token = held.token;
  const times = tokenTimes(token);
  const expiresAt = times && (held.receivedAt === null ? times.expiresAtMs : held.receivedAt + times.lifetimeMs);

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setTimeout(() => {
      // Another tab may have extended the session meanwhile: the cookie is shared.
      const current = readAuthToken();
      if (current !== token) {
        setHeld({ token: current, receivedAt: null });
        return;
      }
      setNow(Date.now());
      setPhase({ kind: 'warning', endsAt: expiresAt });
    }, Math.max(0, expiresAt - SESSION_WARNING_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [token, expiresAt]);

  const open = phase.kind !== 'quiet';
  const endsAt = open ? phase.endsAt : 0;
  useEffect(() => {
    if (!open) return;
    const tick = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        window.clearInterval(tick);
        removeAuthToken();
        reloadSoon();
      }
    }, 1000);
    return () => window.clearInterval(tick);
  }, [open, endsAt]);

  async function stay() {
    if (phase.kind === 'quiet' || phase.kind === 'staying') return;
    setPhase({ kind: 'staying', endsAt: phase.endsAt });
    try {
      const { tokenJWT } = await http.post(sessionsPaths.refresh, undefined, tokenResponse);
      storeAuthToken(tokenJWT);
      setHeld({ token: tokenJWT, receivedAt: Date.now() });
      setPhase({ kind: 'quiet' });
    } catch {
      setPhase({ kind: 'failed', endsAt: phase.endsAt });
    }
  }

  if (!open) return null;
  return (
    <Modal
      isOpen
      role="alertdialog"
      title={t('warningTitle')}
      onClose={() => void stay()}
      actions={
        <>
          <button type="button" className="button button--primary" data-autofocus disabled={phase.kind === 'staying' || phase.kind === 'failed'} onClick={() => void stay()}>
            {phase.kind === 'staying' ? t('staying') : t('stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={logOut}>
            {t('signOut')}
          </button>
        </>
      }
    >
      <p>{t('warningBody')}</p>
      <p className="session-timeout__countdown">{t('warningCountdown', { time: minutesAndSeconds(endsAt - now) })}</p>
      {phase.kind === 'failed' && (
        <p className="field__error" role="alert">
          {t('stayFailed')}
        </p>
      )}
    </Modal>
  );
}
