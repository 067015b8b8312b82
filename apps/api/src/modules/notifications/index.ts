import { defineModule } from '../../app-module.js';
import type { NotificationsSettings } from './config.js';
import { nowIso } from '../../db/portable.js';
import { afterCommitWith } from '../../db/with-commit.js';
import { named } from '../../plugins/plugin-name.js';
import type { UsersPort } from '../../ports/users.js';
import { registerNotificationGauges } from './gauges.js';
import { registerNotificationsPersonalData } from './personal-data.js';
import { markRepliesRead } from './read-replies.js';
import { createNotificationsRepository } from './repository.js';
import { notificationsRoutes } from './routes.js';
import { createNotificationsService, type NotificationsService as BaseNotificationsService } from './service.js';
import type { DirectMail } from './direct-mail.js';
import { createDirectMail } from './direct-mail.js';
import { noticesOf } from './subscriber.js';
import { createMailTransport, type MailTransport } from './transport.js';
import { createUnsubscribeTokens } from './unsubscribe-token.js';
import { createRatingLinks } from '../../plugins/rating-links.js';
import { createNotificationWorker, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, type NotificationWorker } from './worker.js';

export type { NotificationWorker };
/** The outbox's service, and `sendNow` for the one email whose link no table may hold (direct-mail.ts). */
export type NotificationsService = BaseNotificationsService & { sendNow: DirectMail['send'] };
export type { NotificationEvent } from './events.js';

export interface NotificationsModuleOptions {
  /** The worker's and the outbox's clock (tests move it); default the real one. */
  now?: () => Date;
  /** false: no polling; the caller drives `worker.runOnce()`. Default: on, except NODE_ENV=test. */
  autoStart?: boolean;
  pollMs?: number;
  /** How often the reminder schedule runs (default 10 minutes). */
  scheduleMs?: number;
  policy?: Partial<DeliveryPolicy>;
  /** Use this transport instead of SMTP_URL / .eml files. */
  transport?: MailTransport;
  /** Hands the worker to the caller (tests drive it). */
  onWorker?: (worker: NotificationWorker) => void;
}

/**
 * Notifications (issue 18): a transactional outbox other modules write to in their own
 * transaction (`notifications.enqueue(trx, …)`), delivered by a worker in every API process.
 */
export const notificationsModule = (options: NotificationsModuleOptions = {}) =>
  defineModule<{ users: UsersPort }, NotificationsSettings>()({
    name: 'notifications',
    async setup({ db, engine, settings, sessionKey, log, live, metrics, personalData, events }, { users }) {
      // A person's own notifications: delivered to their sockets only, never followed by others.
      const publishNotice = live.register({ kind: 'user', module: 'notifications' });
      const now = options.now ?? (() => new Date());
      const repository = createNotificationsRepository(db);
      registerNotificationGauges(metrics, db);
      registerNotificationsPersonalData(personalData);
      const tokens = createUnsubscribeTokens(sessionKey);
      const service = createNotificationsService({ db, notifications: repository, tokens, ratingLinks: createRatingLinks(sessionKey), now });
      // The entry and the email's outbox row commit with the change; the live notice follows the
      // commit at once, whatever the email waits for (a reply's quiet window, issue 31).
      events.subscribeInTransaction(
        'notifications',
        async (trx, event) => {
          if (event.type === 'conversation-read') {
            const { userId, conversationId, lastReadMessageId: upToMessageId } = event;
            await markRepliesRead(trx, { userId, conversationId, upToMessageId, at: nowIso(now()) });
          }
          for (const { recipientId, notice, onceKey, farewell, entryOnly } of noticesOf(event)) {
            if (farewell) await service.enqueueFarewell(trx, recipientId, notice);
            else if (entryOnly) await service.addEntryOnly(trx, recipientId, notice);
            else await service.enqueue(trx, recipientId, notice, onceKey ? { onceKey } : undefined);
          }
        },
        'first',
      );
      events.subscribeAfterCommit('notifications', (event) => {
        // The reader's other tabs count their unread entries again.
        if (event.type === 'conversation-read') publishNotice(event.userId, { type: 'notification', kind: 'reply' }, [event.userId]);
        for (const { recipientId, notice, farewell } of noticesOf(event)) if (!farewell) publishNotice(recipientId, { type: 'notification', kind: notice.kind }, [recipientId]);
      });
      const transport = options.transport ?? createMailTransport(settings.mail, log);
      const direct = createDirectMail({ users, transport, mail: settings.mail });
      const worker = createNotificationWorker({
        notifications: repository,
        service,
        users,
        transport,
        mail: settings.mail,
        log,
        now,
        policy: { ...DEFAULT_DELIVERY_POLICY, replyDelayMs: settings.replyEmailDelaySeconds * 1000, ...options.policy },
        announce: (userId, kind) => publishNotice(userId, { type: 'notification', kind }, [userId]),
      });
      options.onWorker?.(worker);
      return {
        service: { ...service, sendNow: direct.send } satisfies NotificationsService,
        async register(app) {
          app.accessControl.registerResourceCheck('notification-owner', (id, user) => service.isEntryOwner(id, user));
          await app.register(named(notificationsRoutes), { notifications: service, repository });
          let unlisten: (() => void) | undefined;
          if (options.autoStart ?? settings.workerAutoStart) {
            app.addHook('onReady', async () => {
              worker.start(options.pollMs ?? 1_000, options.scheduleMs ?? 10 * 60_000);
              // New emails are delivered at once, not at the next poll, by the process that queued
              // them: on PostgreSQL once the commit that carried them returned; SQLite by its own
              // enqueue (the worker's claim then waits for the single connection, i.e. the commit).
              // Other processes' workers find them at their next poll (should this one die first).
              unlisten = engine === 'postgres' ? afterCommitWith(db, worker.wake) : service.onEnqueued(worker.wake);
            });
          }
          app.addHook('onClose', async () => {
            unlisten?.();
            await worker.stop();
          });
        },
      };
    },
  });
