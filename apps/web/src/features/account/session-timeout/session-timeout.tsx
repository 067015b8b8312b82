import { sessionListResponse, sessionsPaths, tokenResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { readAuthToken, reloadSoon, removeAuthToken, storeAuthToken } from '../../../lib/auth-cookie';
import { useSession } from '../../../lib/current-user';
import { http, lastApiRequestAt } from '../../../lib/http';
import { logOut } from '../../../lib/log-out';
import { Modal } from '../../../lib/ui/modal';
import { ACCOUNT_NS } from '../i18n';
import { sessionEndsAt, warningAt } from './deadline';
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
 * and the page reloads signed out. Staff sessions also end after STAFF_IDLE_MINUTES without a call
 * (server-side): the warning comes before whichever end is first.
 */
export function SessionTimeout() {
  const { t } = useTranslation(ACCOUNT_NS);
  // A token this tab was just given is new whatever this computer's clock says: its end is "now
  // plus its lifetime". A token found in the cookie is judged by its expiry against the clock.
  const [held, setHeld] = useState(() => ({ token: readAuthToken(), receivedAt: null as number | null }));
  const [phase, setPhase] = useState<Phase>({ kind: 'quiet' });
  const [now, setNow] = useState(Date.now);
  const [recheck, setRecheck] = useState(0);
  const token = held.token;
  const times = tokenTimes(token);
  const tokenEndsAt = times && (held.receivedAt === null ? times.expiresAtMs : held.receivedAt + times.lifetimeMs);
  // Only staff have an idle time-out; its length comes with their sessions list, asked once a
  // minute after the page opened (not beside the page's own first calls): the shortest idle
  // time-out (5 minutes) warns 2 minutes after the last call at the earliest.
  const session = useSession();
  const isStaff = session.status === 'user' && session.user.role !== 'USER';
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!isStaff) return;
    const timer = window.setTimeout(() => setArmed(true), 60_000);
    return () => window.clearTimeout(timer);
  }, [isStaff]);
  const policy = useQuery({
    queryKey: ['sessions'],
    queryFn: () => http.get(sessionsPaths.list, sessionListResponse),
    enabled: isStaff && armed,
    staleTime: Infinity,
  });
  const idleMinutes = isStaff ? (policy.data?.idleMinutes ?? null) : null;

  useEffect(() => {
    if (tokenEndsAt === null) return;
    const endsAt = () => sessionEndsAt({ tokenEndsAt, idleMinutes, lastRequestAt: lastApiRequestAt() });
    const timer = window.setTimeout(() => {
      // Another tab may have extended the session meanwhile: the cookie is shared.
      const current = readAuthToken();
      if (current !== token) {
        setHeld({ token: current, receivedAt: null });
        return;
      }
      const at = Date.now();
      const end = endsAt();
      // A call since the timer was set moved the idle end on: wait again.
      if (at < warningAt(end)) {
        setRecheck((count) => count + 1);
        return;
      }
      setNow(at);
      setPhase({ kind: 'warning', endsAt: end });
    }, Math.max(0, warningAt(endsAt()) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [token, tokenEndsAt, idleMinutes, recheck]);

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
