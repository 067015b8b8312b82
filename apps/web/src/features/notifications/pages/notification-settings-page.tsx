import { NOTIFICATION_CATEGORIES, type NotificationCategory, notificationSettings, type NotificationSettings } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { NOTIFICATIONS_NS } from '../i18n';
import '../notifications.css';

const settingsQueryKey = ['notification-settings'] as const;

/** Email on or off per category (issue 18); every email's footer links here. Each switch saves at once. */
export function NotificationSettingsPage() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsQueryKey, queryFn: () => http.get('/api/notification-settings', notificationSettings) });
  const save = useMutation({
    mutationFn: (change: Partial<NotificationSettings>) => http.put('/api/notification-settings', change, notificationSettings),
    // The box shows the choice at once (a disabled form would take the keyboard focus away);
    // a refused save puts it back.
    onMutate: (change) => {
      const previous = queryClient.getQueryData<NotificationSettings>(settingsQueryKey);
      if (previous) queryClient.setQueryData(settingsQueryKey, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });

  const toggle = (category: NotificationCategory, on: boolean) => save.mutate({ [category]: on });

  return (
    <PageShell title={t('title')}>
      <section className="card">
        <p>{t('intro')}</p>
        {settings.isPending && <LoadingState text={t('loading')} />}
        {settings.isError && <ErrorState>{t('loadError')}</ErrorState>}
        {settings.data && (
          <fieldset className="notification-settings">
            <legend>{t('legend')}</legend>
            {NOTIFICATION_CATEGORIES.map((category) => (
              <div key={category} className="notification-settings__row">
                <input
                  id={`notify-${category}`}
                  type="checkbox"
                  checked={settings.data[category]}
                  onChange={(event) => toggle(category, event.target.checked)}
                />
                <label htmlFor={`notify-${category}`}>{t(`categories.${category}`)}</label>
              </div>
            ))}
          </fieldset>
        )}
        <p role="status" aria-live="polite">
          {save.isSuccess ? t('saved') : save.isError ? t('saveError') : ''}
        </p>
      </section>
    </PageShell>
  );
}
