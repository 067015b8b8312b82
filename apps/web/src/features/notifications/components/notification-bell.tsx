import type { RealtimeEvent } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/current-user';
import { catchUp } from '../../../lib/catch-up';
import { useRealtimeEvents } from '../../../lib/realtime';
import { useNotificationList } from '../api/queries';
import { notificationListQueryKey } from '../api/query-keys';
import { BELL_NS } from '../bell-i18n';
import '../bell.css';

// The list's code (and its words) loads when a person first opens it, not with every page.
const NotificationPanel = lazy(() => import('./notification-panel').then((module) => ({ default: module.NotificationPanel })));

/** The header's notification list of a signed-in person (issue 18); nothing for a visitor. */
export function NotificationBell() {
  const session = useSession();
  return session.status === 'user' ? <Bell /> : null;
}

/**
 * A disclosure: the button shows the unread count and opens the list below it; Escape or a click
 * outside closes it and the focus returns to the button. The count follows the person's live
 * 'notification' events over the portal's WebSocket, and a screen reader hears a new one politely.
 */
function Bell() {
  const { t } = useTranslation(BELL_NS);
  const queryClient = useQueryClient();
  const location = useLocation();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  const list = useNotificationList(true);
  const unread = list.data?.unreadCount ?? 0;
  const [shownUnread, setShownUnread] = useState<number>();
  const [announcement, setAnnouncement] = useState('');

  if (isOpen && openedAt !== location.key) {
    // Opening an entry (or any navigation) closes the list (adjusted while rendering, not in an effect).
    setIsOpen(false);
  }
  if (list.data && unread !== shownUnread) {
    // Only a rise is news; reading entries lowers the count silently.
    if (shownUnread !== undefined && unread > shownUnread) setAnnouncement(t('announce', { count: unread }));
    setShownUnread(unread);
  }

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: notificationListQueryKey }), [queryClient]);
  const onEvent = useCallback((event: RealtimeEvent) => event.type === 'notification' && refresh(), [refresh]);
  const onCatchUp = useCallback(() => catchUp(queryClient, notificationListQueryKey), [queryClient]);
  useRealtimeEvents({ enabled: true, onEvent, onCatchUp });

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !wrapper.current?.contains(event.target)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      button.current?.focus();
    }
  }

  return (
    <div ref={wrapper} className="notification-bell" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="notification-bell__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        // One name in every browser: "Notifications, unread: 2" (the visible words come first).
        aria-label={unread > 0 ? `${t('button')}, ${t('unread', { count: unread })}` : t('button')}
        onClick={() => {
          setOpenedAt(location.key);
          setIsOpen((open) => !open);
        }}
      >
        <BellIcon />
        <span className="notification-bell__label">{t('button')}</span>
        {unread > 0 && (
          <span className="notification-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div id={panelId} className="notification-bell__panel" hidden={!isOpen}>
        {isOpen && (
          <Suspense fallback={<p className="notification-panel__state">{t('loading')}</p>}>
            <NotificationPanel list={list} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/** Drawn with currentColor, so forced-colors mode and the hover colours keep it. */
function BellIcon() {
  return (
    <svg className="notification-bell__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}
