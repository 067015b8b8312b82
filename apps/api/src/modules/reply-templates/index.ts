import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { LettersPort } from '../../ports/matters.js';
import type { UsersPort } from '../../ports/users.js';
import { createReplyTemplatesRepository } from './repository.js';
import { replyTemplatesRoutes } from './routes.js';
import { createReplyTemplatesService } from './service.js';

/**
 * Canned replies (issue 33 point 4): reply templates per department (admins keep them) and
 * personal ones (an employee's own), filled on the server from a conversation's facts, which the
 * letters service gives. Its table is `reply_templates`; every change is audited through its event.
 */
export const replyTemplatesModule = defineModule<{ users: UsersPort; letters: LettersPort }>()({
  name: 'reply-templates',
  setup({ db, events, personalData }, { users, letters }) {
    personalData.holdsNothingPersonal(
      'reply_templates',
      'The office\u2019s reply templates and staff\u2019s own; their owner is staff at work, and a filled text is stored only as the message the clerk sends',
    );
    const service = createReplyTemplatesService({
      templates: createReplyTemplatesRepository(db),
      users,
      findConversation: (id) => letters.findConversation(id),
      events,
    });
    return {
      service,
      async register(app) {
        await app.register(named(replyTemplatesRoutes), { templates: service });
      },
    };
  },
});
