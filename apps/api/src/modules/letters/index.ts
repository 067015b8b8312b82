import { fullName } from '@portal/contract';
import { defineModule } from '../../app-module.js';
import { createCitizenQuotas } from '../../citizen-quotas.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ReceiptsService } from '../receipts/index.js';
import type { UsersService } from '../users/index.js';
import { demoLettersStep } from './seed.js';
import { createLettersRepository } from './repository.js';
import { lettersRoutes } from './routes.js';
import { createLettersService, type LettersService, type PublishConversationEvent } from './service.js';

export type { LettersService };

/**
 * Letters, conversations and their chat (spec sections 4 and 7). Their live events (messages,
 * status changes) go to the participants over the server's GET /api/ws, where a socket may also
 * follow a conversation it may read (liveCommandPolicy in src/access-policy.ts).
 */
export const lettersModule = defineModule<{ users: UsersService; audit: AuditService; receipts: ReceiptsService; notifications: NotificationsService }>()({
  name: 'letters',
  setup({ db, engine, live, config }, { users, audit, receipts, notifications }) {
    const repository = createLettersRepository(db);
    // A socket may follow a conversation by id (an admin watching a chat); liveCommandPolicy says who may.
    const publishConversation = live.register({ kind: 'conversation', module: 'letters', followedBy: (command) => command.conversationId });
    const publish: PublishConversationEvent = (event, participants, options) =>
      publishConversation(event.conversationId, event, participants, options);
    audit.nameRecordsWith('conversation', async (ids) => {
      const rows = await repository.namesFor(ids);
      return new Map(rows.map((row) => [Number(row.id), { name: row.subject, person: fullName({ firstName: row.first_name, lastName: row.last_name }) }]));
    });
    const service = createLettersService({
      db,
      letters: repository,
      users,
      audit,
      publish,
      quotas: createCitizenQuotas({ db, engine, quotas: config.citizenQuotas }),
      receipts,
      notifications,
    });
    // No reply email once the recipient has read the conversation in the portal.
    notifications.registerDeliveryCheck('reply', async (targets) =>
      (await repository.unreadCounts(targets.map(({ event, recipientId }) => ({ conversationId: event.conversationId, userId: recipientId })))).map((count) => count > 0),
    );
    return {
      service,
      async register(app) {
        app.accessControl.registerResourceCheck('conversation-participant', (id, user) => service.isParticipant(id, user));
        app.accessControl.registerResourceCheck('conversation-handler', (id, user) => service.assertHandler(id, user));
        await app.register(named(lettersRoutes), { letters: service });
      },
      seedSteps: [demoLettersStep(repository, users)],
    };
  },
});
