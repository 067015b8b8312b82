import type { NotificationListResponse } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { formatMessageTime } from '../../../lib/format';
import { useMarkReadMutation } from '../api/mutations';
import { NOTIFICATIONS_NS } from '../i18n';
import { entryText } from './entry-text';

/**
 * The list the header's button opens: newest first, the unread ones marked by a bar and weight (and "Unread:" for screen readers);
 * each entry opens its screen and is then read. Loaded on first opening (see notification-bell.tsx).
 */
export function NotificationPanel({ list }: { list: UseQueryResult<NotificationListResponse> }) {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NS);
  const markRead = useMarkReadMutation();
  const items = list.data?.items ?? [];
  const unread = list.data?.unreadCount ?? 0;

  return (
    <section className="notification-panel" aria-labelledby="notification-panel-title">
      <div className="notification-panel__head">
        <h2 id="notification-panel-title" className="notification-panel__title">
          {t('list.title')}
        </h2>
        {unread > 0 && (
          <button type="button" className="button button--secondary notification-panel__all" onClick={() => markRead.mutate(undefined)}>
            {t('list.markAll')}
          </button>
        )}
      </div>
      {list.isError ? (
        <p className="notification-panel__state">{t('list.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="notification-panel__state">{list.isPending ? t('notifications-bell:loading') : t('list.empty')}</p>
      ) : (
        <ul className="notification-panel__list">
          {items.map((item) => (
            <li key={item.id} className={`notification-panel__item${item.readAt === null ? ' notification-panel__item--unread' : ''}`}>
              <Link
                to={item.link}
                className="notification-panel__link"
                onClick={() => {
                  if (item.readAt === null) markRead.mutate(item.id);
                }}
              >
                {/* Seen as the bar and bold text; heard as "Unread:" (a visible word per entry cost a line on a phone). */}
                {item.readAt === null && <span className="visually-hidden">{t('list.unread')}: </span>}
                <span className="notification-panel__text">{entryText(item, t, i18n.language)}</span>
                <time className="notification-panel__time" dateTime={item.createdAt}>
                  {formatMessageTime(item.createdAt, i18n.language)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="notification-panel__foot">
        <Link to="/notification-settings" className="notification-panel__settings">
          {t('list.settings')}
        </Link>
      </p>
    </section>
  );
}
