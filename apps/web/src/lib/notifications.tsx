import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
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

/** At most this many are shown, newest last. */
export const NOTIFICATIONS_SHOWN_MAX = 3;

/*
 * Where a notification shows (issue 35): in the page's flow, never over it. A fixed toast covered
 * the control under it (the letter's "Download receipt" at 1280 px, its receipt button at 360 px),
 * and at 360 px every corner covers something. A form or panel places a NotificationSlot beside
 * its own controls for the keys it says things under; what no mounted slot claims shows in the
 * region at the top of the page's content. Either is brought into view when something new shows.
 */
const claimedKeys = new Map<string, number>();

/** Does `item` belong to a slot of `keys` ('cases.status' claims 'cases.status.4'; a form name claims its form)? */
const belongsTo = (item: Notification, keys: readonly string[]) =>
  keys.some((key) => item.form === key || item.key === key || (item.key?.startsWith(`${key}.`) ?? false));

function claim(keys: readonly string[]): () => void {
  for (const key of keys) claimedKeys.set(key, (claimedKeys.get(key) ?? 0) + 1);
  publish([...items]);
  return () => {
    for (const key of keys) {
      const count = (claimedKeys.get(key) ?? 1) - 1;
      if (count > 0) claimedKeys.set(key, count);
      else claimedKeys.delete(key);
    }
    publish([...items]);
  };
}

function NotificationList({ shown, className }: { shown: readonly Notification[]; className: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const newest = shown.at(-1)?.id;
  // Something new: bring it into view without moving the page more than needed.
  useEffect(() => {
    if (newest !== undefined) list.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);
  return (
    <div ref={list} className={className} hidden={shown.length === 0}>
      {shown.map((item) => (
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

/**
 * Shows, beside a form's or panel's own controls, what is said under `keys` (notify's key or form).
 * An error is an alert (read out at once); a success or a piece of information is a status.
 */
export function NotificationSlot({ keys }: { keys: readonly string[] }) {
  // The keys' text is what matters, not the array's identity (a new array each render).
  const joined = keys.join(' ');
  const stable = useMemo(() => joined.split(' '), [joined]);
  useEffect(() => claim(stable), [stable]);
  const shown = useNotifications()
    .filter((item) => belongsTo(item, keys))
    .slice(-NOTIFICATIONS_SHOWN_MAX);
  return <NotificationList shown={shown} className="notifications notifications--inline" />;
}

/** Rendered once by the layout, at the top of the page's content: what no mounted slot shows. */
export function NotificationRegion() {
  const shown = useNotifications()
    .filter((item) => !belongsTo(item, [...claimedKeys.keys()]))
    .slice(-NOTIFICATIONS_SHOWN_MAX);
  return <NotificationList shown={shown} className="notifications" />;
}
