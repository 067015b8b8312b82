import { CHANGE_PASSWORD_PAGE, sessionListResponse, sessionsEndedResponse, sessionsPaths } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { http } from '../../../lib/http';
import { notify } from '../../../lib/notifications';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { ACCOUNT_NS } from '../i18n';
import { browserName } from './browser-name';

const sessionsQueryKey = ['sessions'] as const;

/** "Your sessions" (issue 21): where and when each session started, and "Sign out everywhere else". */
export function SessionsPanel() {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: () => http.get(sessionsPaths.list, sessionListResponse) });
  const endOthers = useMutation({
    mutationFn: () => http.post(sessionsPaths.endOthers, undefined, sessionsEndedResponse),
    onSuccess: ({ ended }) => {
      notify(ended === 0 ? t('noOtherSessions') : t('signedOutOthers', { count: ended }));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
  // One session of the list (issue 35): its token is refused from now on and its sockets close.
  const endOne = useMutation({
    mutationFn: (sessionId: string) => http.post(sessionsPaths.endOne(sessionId)),
    onSuccess: () => {
      notify(t('endedOne'));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
  const when = (value: string) => formatDateTime(value, i18n.language, { compact: true });
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  return (
    <section className="card account-section account-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('yourSessions')}</h2>
      <p>{t('sessionsIntro')}</p>
      <p>
        <Link to={CHANGE_PASSWORD_PAGE}>{t('changePasswordLink')}</Link>
      </p>
      {sessions.data?.idleMinutes != null && <p>{t('idleNote', { minutes: sessions.data.idleMinutes })}</p>}
      {sessions.isPending && <LoadingState text={t('loadingSessions')} />}
      {sessions.isError && <ErrorState>{t('stayFailed')}</ErrorState>}
      {list.length > 0 && (
        <ul className="session-list">
          {list.map((session) => (
            <li key={session.id} className="session-list__item">
              <p className="session-list__browser" id={`session-${session.id}`}>
                <strong>{browserName(session.userAgent) ?? t('unknownBrowser')}</strong>
                {session.current && <span className="session-list__badge">{t('thisDevice')}</span>}
              </p>
              <dl className="session-list__facts">
                <dt>{t('started')}</dt>
                <dd>{when(session.startedAt)}</dd>
                <dt>{t('lastActive')}</dt>
                <dd>{when(session.lastActiveAt)}</dd>
                <dt>{t('address')}</dt>
                <dd>{session.address}</dd>
              </dl>
              {!session.current && (
                <button
                  type="button"
                  className="button button--secondary session-list__end"
                  aria-describedby={`session-${session.id}`}
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(session.id)}
                >
                  {t('endOne')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess && (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={endOthers.isPending}
            aria-describedby={others === 0 ? 'sessions-none-else' : undefined}
            onClick={() => endOthers.mutate()}
          >
            {t('signOutOthers')}
          </button>
          {others === 0 && (
            <p id="sessions-none-else" className="account-section__hint">
              {t('noOtherSessions')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
