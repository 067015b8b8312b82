import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_LIST_SIZE,
  notificationApiMessages as m,
  type NotificationCategory,
  type NotificationListResponse,
  type NotificationSettings,
  type Role,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/portable.js';
import { forbidden, notFound } from '../../plugins/api-error.js';
import { screenOf } from './content/links.js';
import { categoryOf, type EventOf, type NotificationEvent, type NotificationKind, REPLY_DEBOUNCE_MINUTES, replyDedupeKey } from './events.js';
import type { DeliveryCheck, RecipientGate, ScheduledJob } from '../../ports/notifications.js';
import type { NotificationsRepository } from './repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';
import type { RatingLinks } from '../../plugins/rating-links.js';

export type { DeliveryCheck, RecipientGate, ScheduledJob };
type AnyDeliveryCheck = (targets: readonly { event: NotificationEvent; recipientId: number }[]) => Promise<boolean[]>;

export interface NotificationsServiceDeps {
  db: Db;
  notifications: NotificationsRepository;
  tokens: UnsubscribeTokens;
  /** Signs the rating link of a resolved letter's email (plugins/rating-links.ts). */
  ratingLinks?: RatingLinks;
  now: () => Date;
}

/** The portal entry admins get for an email that failed for good (never emailed). */
export const DELIVERY_FAILED = 'delivery-failed';

export function createNotificationsService({ db, notifications, tokens, ratingLinks, now }: NotificationsServiceDeps) {
  // Stored by kind; the worker passes each one only events of its kind.
  const checks = new Map<NotificationKind, AnyDeliveryCheck>();
  const jobs: ScheduledJob[] = [];
  const gates: RecipientGate[] = [];
  const enqueueListeners = new Set<() => void>();

  const withDefaults = (stored: Partial<NotificationSettings> = {}): NotificationSettings => ({
    replies: stored.replies ?? true,
    status: stored.status ?? true,
    obligations: stored.obligations ?? true,
  });
  async function settingsFor(userIds: readonly number[]): Promise<Map<number, NotificationSettings>> {
    const stored = await notifications.settingsFor(userIds);
    return new Map(userIds.map((id) => [id, withDefaults(stored.get(id))]));
  }
  const settingsOf = async (userId: number): Promise<NotificationSettings> => withDefaults((await notifications.settingsFor([userId])).get(userId));

  const service = {
    /**
     * Queues the email about `event` to `recipientId`. Call it inside the transaction of the change
     * that causes it (before the audit row, which must come last): a refused or failed change then
     * leaves no email behind. Replies are debounced per conversation and recipient; `onceKey` makes
     * an email happen at most once ever (reminders).
     */
    async enqueue(trx: Db, recipientId: number, event: NotificationEvent, options: { onceKey?: string } = {}): Promise<void> {
      if (!trx.isTransaction) throw new Error('notifications.enqueue must run inside the transaction of the change');
      for (const gate of gates) if (!(await gate(trx, recipientId))) return;
      const at = nowIso(now());
      // The portal's list shows every event (each call writes its entry); only emails are
      // debounced or once-only.
      const row = { userId: recipientId, kind: event.kind, category: categoryOf(event.kind), payload: event, createdAt: at, availableAt: at };
      if (options.onceKey) await notifications.queueOnce({ ...row, onceKey: options.onceKey }, trx);
      // A reply writes only its entry, marked: the worker queues the email from it (relayReplies).
      else if (event.kind === 'reply') await notifications.queueMarkedEntry(row, trx);
      else await notifications.queue(row, trx);
      // After this call's statements, outside them: the listeners' work is not the change's.
      if (enqueueListeners.size > 0) setImmediate(() => enqueueListeners.forEach((listener) => listener()));
    },

    /** A portal entry without an email (a clerk's deadline warnings), in the change's transaction. */
    async addEntryOnly(trx: Db, recipientId: number, event: NotificationEvent): Promise<void> {
      for (const gate of gates) if (!(await gate(trx, recipientId))) return;
      await notifications.addEntry({ userId: recipientId, kind: event.kind, payload: event, createdAt: nowIso(now()) }, trx);
    },

    /**
     * The email telling a closed account it was closed: written in the closure's transaction after
     * the erasure, past the closed-account gate, as an outbox row only (a closed account has no
     * portal list). Its payload carries the former address until it is sent.
     */
    async enqueueFarewell(trx: Db, recipientId: number, event: NotificationEvent): Promise<void> {
      const at = nowIso(now());
      await notifications.queueEmailOnly({ userId: recipientId, kind: event.kind, category: categoryOf(event.kind), payload: event, createdAt: at, availableAt: at }, trx);
      if (enqueueListeners.size > 0) setImmediate(() => enqueueListeners.forEach((listener) => listener()));
    },

    /**
     * `listener` runs soon after each enqueue, usually once the change's transaction committed
     * (it may also fail): the worker of a SQLite process claims at once; should the transaction
     * still be open, its query waits for SQLite's one connection, i.e. for the commit.
     */
    onEnqueued(listener: () => void): () => void {
      enqueueListeners.add(listener);
      return () => enqueueListeners.delete(listener);
    },

    /**
     * Queues the emails of up to `limit` replies whose entries are marked (enqueue) and were
     * written at or before `repliedBy` (the worker's clock less the reply's quiet window: a reply
     * read sooner lost its mark), debounced per conversation and recipient. Answers how many
     * entries it took; the worker runs it before each claim, until none is left.
     */
    async relayReplies(limit: number, repliedBy: string): Promise<number> {
      if (!(await notifications.hasMarked(repliedBy))) return 0;
      return notifications.relayMarked(
        limit,
        REPLY_DEBOUNCE_MINUTES,
        (entry) => {
          const event = JSON.parse(entry.payload_json) as EventOf<'reply'>;
          return { category: categoryOf('reply'), dedupeKey: replyDedupeKey(event.conversationId, entry.user_id) };
        },
        repliedBy,
      );
    },

    /** Registered by the module that knows (letters: "read meanwhile", obligations: "paid"). */
    registerDeliveryCheck<K extends NotificationKind>(kind: K, check: DeliveryCheck<K>): void {
      checks.set(kind, check as unknown as AnyDeliveryCheck);
    },
    deliveryCheckFor: (kind: NotificationKind) => checks.get(kind),

    /** Registered by the module that knows who may no longer get anything (my-data: closed accounts). */
    registerRecipientGate(gate: RecipientGate): void {
      gates.push(gate);
    },

    registerScheduledJob(job: ScheduledJob): void {
      jobs.push(job);
    },
    scheduledJobs: (): readonly ScheduledJob[] => jobs,

    settingsOf,
    settingsFor,

    /** The caller's newest entries with the screen each opens, and the unread count. */
    async listFor(user: { id: number; role: Role }): Promise<NotificationListResponse> {
      const [rows, unreadCount] = await Promise.all([notifications.listEntries(user.id, NOTIFICATION_LIST_SIZE), notifications.countUnread(user.id)]);
      const items = rows.map((row) => {
        const data = JSON.parse(row.payload_json) as Record<string, unknown>;
        const link = row.kind === DELIVERY_FAILED ? '/admin' : screenOf(data as unknown as NotificationEvent, user.role);
        return { id: row.id, kind: row.kind, createdAt: row.created_at, readAt: row.read_at, link, data };
      });
      return { items, unreadCount };
    },

    /** The access rule `notification-owner`: an entry is only its recipient's. */
    async isEntryOwner(id: number, user: { id: number }): Promise<boolean> {
      const owner = await notifications.ownerOfEntry(id);
      if (owner === undefined) throw notFound();
      return owner === user.id;
    },

    /** Marks one entry (or all) of the caller read and answers the list. */
    async markRead(user: { id: number; role: Role }, id?: number): Promise<NotificationListResponse> {
      await notifications.markRead(user.id, nowIso(now()), id);
      return service.listFor(user);
    },

    /** Admins hear in the portal (only) of an email that failed for good. */
    async reportFailure(adminIds: readonly number[], failure: { notificationId: number; recipientId: number; kind: string; reason: string }): Promise<void> {
      const createdAt = nowIso(now());
      for (const userId of adminIds) await notifications.addEntry({ userId, kind: DELIVERY_FAILED, payload: failure, createdAt });
    },

    /** The once-ever keys (see `enqueue`) not used yet: a schedule enqueues only those. */
    async unusedOnceKeys(keys: readonly string[]): Promise<string[]> {
      const used = await notifications.existingOnceKeys(keys);
      return keys.filter((key) => !used.has(key));
    },

    async updateSettings(userId: number, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
      await db.transaction().execute(async (trx) => {
        for (const category of NOTIFICATION_CATEGORIES) {
          const value = changes[category];
          if (value !== undefined) await notifications.setSetting(userId, category, value, nowIso(now()), trx);
        }
      });
      return settingsOf(userId);
    },

    /** RFC 8058 one-click: the signed token names the person and the category. */
    async unsubscribe(token: string): Promise<{ category: NotificationCategory; email: false }> {
      const target = tokens.verify(token);
      if (!target) throw forbidden(m.unsubscribeInvalid);
      await notifications.setSetting(target.userId, target.category, false, nowIso(now()));
      return { category: target.category, email: false };
    },

    /** The category a signed token would switch off, or null: reading it changes nothing. */
    unsubscribeCategory: (token: string): NotificationCategory | null => tokens.verify(token)?.category ?? null,

    unsubscribeToken: (userId: number, category: NotificationCategory) => tokens.sign(userId, category),
    /** The token of a resolved letter's rating link (null when the service signs none). */
    ratingToken: (letterId: number, resolvedAt: string): string | null => ratingLinks?.sign(letterId, resolvedAt) ?? null,
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
