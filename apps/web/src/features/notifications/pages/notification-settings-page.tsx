import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../lib/ui/list-states';
import { PageShell } from '../../../lib/ui/page-shell';
import { useSaveSettingsMutation } from '../api/mutations';
import { useNotificationSettings } from '../api/queries';
import { NOTIFICATIONS_NS } from '../i18n';
import '../notifications.css';

/** Email on or off per category (issue 18); every email's footer and the header's list link here. Each switch saves at once. */
export function NotificationSettingsPage() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const settings = useNotificationSettings();
  const save = useSaveSettingsMutation();

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
