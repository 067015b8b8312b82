import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// The in-page replacement for the spec's alerts: every spec "alert 'text'" is a notify(text, kind).
// A module-level store, so calls from mutation callbacks and plain functions need no React context.

export type NotificationKind = 'success' | 'error' | 'info';
export type Notification = { id: number; text: string; kind: NotificationKind };

export const NOTIFICATION_TIMEOUT_MS = 6000;

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Notification[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows `text` in the notification region; it hides itself after `timeoutMs` (0 keeps it). */
export function notify(text: string, kind: NotificationKind = 'success', timeoutMs: number = NOTIFICATION_TIMEOUT_MS): number {
  const id = nextId++;
  publish([...items, { id, text, kind }]);
  if (timeoutMs > 0) timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
  return id;
}

export function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
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

/** Rendered once by the layout; each notification is its own role="alert" so screen readers announce it. */
export function NotificationRegion() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  return (
    <div className="notifications">
      {notifications.map((item) => (
        <div key={item.id} role="alert" className={`notification notification--${item.kind}`}>
          <p className="notification__text">{item.text}</p>
          <button type="button" className="notification__close" onClick={() => dismiss(item.id)} aria-label={t('notifications.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
