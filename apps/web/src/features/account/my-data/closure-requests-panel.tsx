import { closureApprovedResponse, closureRequestListResponse, myDataPaths } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { HttpError, http } from '../../../lib/http';
import { notify } from '../../../lib/notifications';
import { ListStates } from '../../../lib/ui/list-states';
import { ACCOUNT_NS } from '../i18n';

const requestsQueryKey = ['account-closures'] as const;

/** An admin's list of citizens who asked to close their account, each with "Approve and close" (issue 21). */
export function ClosureRequestsPanel() {
  const { t, i18n } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const requests = useQuery({ queryKey: requestsQueryKey, queryFn: () => http.get(myDataPaths.closureRequests, closureRequestListResponse) });
  const approve = useMutation({
    mutationFn: (userId: number) => http.post(myDataPaths.approve(userId), undefined, closureApprovedResponse),
    onSuccess: ({ pseudonym }) => {
      notify(t('approved', { pseudonym }));
      void queryClient.invalidateQueries({ queryKey: requestsQueryKey });
    },
    onError: (error) => notify(error instanceof HttpError ? error.message : t('stayFailed'), 'error'),
  });
  const when = (value: string) => formatDateTime(value, i18n.language, { compact: true });
  const list = requests.data ?? [];

  return (
    <section className="card account-section" aria-labelledby="closures-title">
      <h2 id="closures-title">{t('closureRequestsTitle')}</h2>
      <ListStates isPending={requests.isPending} isError={requests.isError} isEmpty={list.length === 0} loadingText={t('loading')} emptyText={t('closureRequestsEmpty')}>
        <ul className="session-list">
          {list.map((request) => (
            <li key={request.userId} className="session-list__item">
              <p className="session-list__browser">
                <strong>{request.fullName}</strong> ({request.username})
              </p>
              <dl className="session-list__facts">
                <dt>{t('requestedOn')}</dt>
                <dd>{when(request.requestedAt)}</dd>
              </dl>
              <button type="button" className="button button--secondary" disabled={approve.isPending} onClick={() => approve.mutate(request.userId)}>
                {t('approve')} <span className="visually-hidden">({request.username})</span>
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
