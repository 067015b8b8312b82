import { useSyncExternalStore } from 'react';
import { useTranslation } from './i18n';

// The in-page replacement for the spec's alerts: every spec "alert 'text'" is a notify(text, kind).
// A module-level store, so calls from mutation callbacks and plain functions need no React context.

export type NotificationKind = 'success' | 'error' | 'info';
export type Notification = { id: number; text: string; kind: NotificationKind; key?: string; form?: string };

export type NotifyOptions = {
  /**
   * What the notification is about ('letters.create'): a new notification with the same key
   * replaces the one on screen, so a failure never sits next to a stale success of the same action.
   */
  key?: string;
  /**
   * The form that says it ('cases.create'): a new notification from the same form replaces every
   * older one from it, whatever its key, so a form never shows a pile of its own past outcomes
   * ('Only PDF files are allowed.' under the success of the case sent after a valid PDF was chosen).
   */
  form?: string;
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
export function notify(text: string, kind: NotificationKind = 'success', { key, form, timeoutMs = NOTIFICATION_TIMEOUT_MS }: NotifyOptions = {}): number {
  const id = nextId++;
  const replaced = items.filter((item) => (key !== undefined && item.key === key) || (form !== undefined && item.form === form));
  for (const item of replaced) clearTimer(item.id);
  publish([...items.filter((item) => !replaced.includes(item)), { id, text, kind, key, form }]);
  if (timeoutMs > 0) timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
  return id;
}

export function dismiss(id: number): void {
  clearTimer(id);
  if (items.some((item) => item.id === id)) publish(items.filter((item) => item.id !== id));
}

/** Removes what is shown about `key` ('cases.create'): a stale outcome once the form is submitted again. */
export function dismissKey(key: string): void {
  for (const item of items) if (item.key === key) dismiss(item.id);
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

/** At most this many are shown, newest last: a pile of them would climb up to the page's heading. */
export const NOTIFICATIONS_SHOWN_MAX = 3;

/**
 * Rendered once by the layout. The notifications sit at the bottom of the screen, where they never
 * cover the header or the page's heading (both near the top of the page) at any width and stay in
 * view while the page scrolls. An error is an alert (read out at once); a success or a piece of
 * information is a status, read out politely when the screen reader is done with what it says.
 */
export function NotificationRegion() {
  const { t } = useTranslation();
  const notifications = useNotifications().slice(-NOTIFICATIONS_SHOWN_MAX);
  return (
    <div className="notifications">
      {notifications.map((item) => (
        <div key={item.id} role={item.kind === 'error' ? 'alert' : 'status'} className={`notification notification--${item.kind}`}>
          <p className="notification__text">{item.text}</p>
          <button type="button" className="notification__close" onClick={() => dismiss(item.id)} aria-label={t('notifications.dismiss')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
