import { defineModule } from '../../app-module.js';
import type { AuditService } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import { demoLettersStep } from './demo-letters.js';
import { conversationPublisher, liveUpdatesRoutes } from './live-updates.js';
import { createLettersRepository } from './repository.js';
import { lettersRoutes } from './routes.js';
import { createLettersService, type LettersService } from './service.js';

export type { LettersService };

export interface LettersModuleOptions {
  /** How often open WebSockets are pinged and their account re-checked (default 30 s). */
  heartbeatMs?: number;
}

/** Letters, conversations and their chat (spec sections 4 and 7), with live updates over GET /api/ws. */
export const lettersModule = (options: LettersModuleOptions = {}) =>
  defineModule<{ users: UsersService; audit: AuditService; notifications: NotificationsService }>()({
    name: 'letters',
    setup({ db, bus, log, config }, { users, audit, notifications }) {
      const repository = createLettersRepository(db);
      const service = createLettersService({ db, letters: repository, users, audit, notifications, publish: conversationPublisher(bus, log) });
      // No reply email once the recipient has read the conversation in the portal.
      notifications.registerDeliveryCheck('reply', async (event, recipientId) => (await repository.countUnread(event.conversationId, recipientId)) > 0);
      return {
        service,
        async register(app) {
          app.accessControl.registerResourceCheck('conversation-participant', (id, user) => service.isParticipant(id, user));
          app.accessControl.registerResourceCheck('conversation-handler', (id, user) => service.assertHandler(id, user));
          await app.register(lettersRoutes, { letters: service });
          await app.register(liveUpdatesRoutes, {
            bus,
            heartbeatMs: options.heartbeatMs,
            allowedOrigins: config.corsOrigins,
          });
        },
        seedSteps: [demoLettersStep(repository, users)],
      };
    },
  });
