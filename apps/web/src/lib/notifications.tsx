import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// The in-page replacement for the spec's alerts: every spec "alert 'text'" is a notify(text, kind).
// A module-level store, so calls from mutation callbacks and plain functions need no React context.

export type NotificationKind = 'success' | 'error' | 'info';
export type Notification = { id: number; text: string; kind: NotificationKind; key?: string };

export type NotifyOptions = {
  /**
   * What the notification is about ('letters.create'): a new notification with the same key
   * replaces the one on screen, so a failure never sits next to a stale success of the same action.
   */
  key?: string;
  /** Hides itself after this long; 0 keeps it until dismissed. */
  timeoutMs?: number;
};

export const NOTIFICATION_TIMEOUT_MS = 6000;

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Notification[]) {
  items = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** Shows `text` in the notification region; it hides itself after a few seconds. */
export function notify(text: string, kind: NotificationKind = 'success', { key, timeoutMs = NOTIFICATION_TIMEOUT_MS }: NotifyOptions = {}): number {
  const id = nextId++;
  const replaced = key === undefined ? [] : items.filter((item) => item.key === key);
  for (const item of replaced) clearTimer(item.id);
  publish([...items.filter((item) => !replaced.includes(item)), { id, text, kind, key }]);
  if (timeoutMs > 0) timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
  return id;
}

export function dismiss(id: number): void {
  clearTimer(id);
  if (items.some((item) => item.id === id)) publish(items.filter((item) => item.id !== id));
}

export function dismissAll(): void {
  for (const item of items) dismiss(item.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, () => items, () => items);
}

/**
 * Rendered once by the layout at the top of the main content; each notification is its own
 * role="alert" so screen readers announce it. The region sticks to the top of the screen only once
 * the header has scrolled away, so it never covers the navigation or the language switch.
 */
export function NotificationRegion() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  return (
    <div className="notifications">
      <div className="notifications__stack">
        {notifications.map((item) => (
          <div key={item.id} role="alert" className={`notification notification--${item.kind}`}>
            <p className="notification__text">{item.text}</p>
            <button type="button" className="notification__close" onClick={() => dismiss(item.id)} aria-label={t('notifications.dismiss')}>
              ×
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
