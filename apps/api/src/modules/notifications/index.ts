import { defineModule } from '../../app-module.js';
import { afterCommitWith } from '../../db/with-commit.js';
import { loadOrCreateJwtSecret } from '../../plugins/auth/index.js';
import { named } from '../../plugins/plugin-name.js';
import type { UsersService } from '../users/index.js';
import { createNotificationsRepository } from './repository.js';
import { notificationsRoutes } from './routes.js';
import { createNotificationsService, type NotificationsService } from './service.js';
import { createMailTransport, type MailTransport } from './transport.js';
import { createUnsubscribeTokens } from './unsubscribe-token.js';
import { createNotificationWorker, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, type NotificationWorker } from './worker.js';

export type { NotificationsService, NotificationWorker };
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
  defineModule<{ users: UsersService }>()({
    name: 'notifications',
    async setup({ db, config, log, live }, { users }) {
      // A person's own notifications: delivered to their sockets only, never followed by others.
      const publishNotice = live.register({ kind: 'user', module: 'notifications' });
      const now = options.now ?? (() => new Date());
      const repository = createNotificationsRepository(db);
      const tokens = createUnsubscribeTokens(config.jwtSecret ?? (await loadOrCreateJwtSecret(db)));
      const service = createNotificationsService({ db, notifications: repository, tokens, now });
      const worker = createNotificationWorker({
        notifications: repository,
        service,
        users,
        transport: options.transport ?? createMailTransport(config.mail, log),
        mail: config.mail,
        log,
        now,
        policy: { ...DEFAULT_DELIVERY_POLICY, ...options.policy },
        announce: (userId, kind) => publishNotice(userId, { type: 'notification', kind }, [userId]),
      });
      options.onWorker?.(worker);
      return {
        service,
        async register(app) {
          app.accessControl.registerResourceCheck('notification-owner', (id, user) => service.isEntryOwner(id, user));
          await app.register(named(notificationsRoutes), { notifications: service, repository });
          let unlisten: (() => void) | undefined;
          if (options.autoStart ?? config.nodeEnv !== 'test') {
            app.addHook('onReady', async () => {
              worker.start(options.pollMs ?? 1_000, options.scheduleMs ?? 10 * 60_000);
              // New emails are delivered at once, not at the next poll, by the process that queued
              // them: on PostgreSQL once the commit that carried them returned; SQLite by its own
              // enqueue (the worker's claim then waits for the single connection, i.e. the commit).
              // Other processes' workers find them at their next poll (should this one die first).
              unlisten = config.database.engine === 'postgres' ? afterCommitWith(db, worker.wake) : service.onEnqueued(worker.wake);
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
