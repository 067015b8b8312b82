import { NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationSettings } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
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

  // The box shows the person's click at once (a controlled box whose data changes a tick later is
  // put back by React first); the saved settings take over once the save has settled either way.
  const [clicked, setClicked] = useState<Partial<NotificationSettings>>({});
  const toggle = (category: NotificationCategory, on: boolean) => {
    setClicked((choices) => ({ ...choices, [category]: on }));
    save.mutate({ [category]: on }, { onSettled: () => setClicked(({ [category]: _settled, ...others }) => others) });
  };

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
                  checked={clicked[category] ?? settings.data[category]}
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
