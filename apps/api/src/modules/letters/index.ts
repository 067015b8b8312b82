import { fullName, letterReference } from '@portal/contract';
import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditPort } from '../../ports/audit.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import type { QuotasPort } from '../../ports/quotas.js';
import type { ReceiptsPort } from '../../ports/receipts.js';
import type { UsersPort } from '../../ports/users.js';
import { conversationHandoffsRoutes } from './handoffs-routes.js';
import { type ConversationHandoffsService, createConversationHandoffsService } from './handoffs.js';
import { createHandoffsRepository } from './handoffs-repository.js';
import { liveEventOf } from './live.js';
import { conversationNotesRoutes, createConversationNotesService } from './notes.js';
import { registerLettersPersonalData } from './personal-data.js';
import { demoLettersStep } from './seed.js';
import { createLettersRepository } from './repository.js';
import { lettersRoutes } from './routes.js';
import { createLettersService, type LettersService as LettersCoreService } from './service.js';
import { createLetterClock, type LetterClock } from './clock.js';
import { type RatingsService, ratingsRoutes, setUpRatings } from './ratings/index.js';
import { createLetterTermsService, letterTermsRoutes } from './terms.js';
import { createLetterTermsRepository } from './terms-repository.js';

/**
 * The letters' rules, with the ratings' counts per department (issue 32 point 8; the dashboard's)
 * and the letters' clock for the deadlines module (issue 32 points 5-6).
 */
export type LettersService = LettersCoreService &
  Pick<RatingsService, 'ratingCounts'> & {
    clock: LetterClock;
    deskSettings: ConversationHandoffsService['settings'];
    staleConversations: ConversationHandoffsService['listStale'];
  };
export type { DepartmentRatingCounts } from './ratings/index.js';

/**
 * Letters, conversations and their chat (spec sections 4 and 7). Their live events (messages,
 * status changes) go to the participants over the server's GET /api/ws, where a socket may also
 * follow a conversation it may read (liveCommandPolicy in src/access-policy.ts).
 */
export const lettersModule = defineModule<{
  users: UsersPort;
  audit: AuditPort;
  receipts: ReceiptsPort;
  notifications: NotificationsPort;
  quotas: QuotasPort;
}>()({
  name: 'letters',
  setup({ db, live, personalData, events, sessionKey }, { users, audit, receipts, notifications, quotas }) {
    const repository = createLettersRepository(db);
    registerLettersPersonalData(personalData, db);
    personalData.holdsNothingPersonal('desk_settings', 'The admin\'s numbers for stale assignments and reopening (issue 33): no person in it');
    personalData.holdsNothingPersonal('conversation_notes', 'Staff\'s internal notes (issue 33): staff-only by rule, never in the citizen\'s export; the author is staff at work');
    // A socket may follow a conversation by id (an admin watching a chat); liveCommandPolicy says who may.
    const publishConversation = live.register({ kind: 'conversation', module: 'letters', followedBy: (command) => command.conversationId });
    // The participants' open pages (and, for arrivals and takes, every employee's Take list) hear
    // of a committed change at once.
    events.subscribeAfterCommit('letters-live', (event) => {
      const push = liveEventOf(event);
      if (push) publishConversation(push.event.conversationId, push.event, push.participants, { toStaff: push.toStaff });
    });
    audit.nameRecordsWith('conversation', async (ids) => {
      const rows = await repository.namesFor(ids);
      return new Map(
        rows.map((row) => [
          Number(row.id),
          { name: row.subject, person: fullName({ firstName: row.first_name, lastName: row.last_name }), reference: letterReference(Number(row.letter_id)) },
        ]),
      );
    });
    receipts.findSubjectOwnersWith('conversation', async (id) => (await repository.findParties(id))?.userId);
    const ratings = setUpRatings({ db, events, personalData, sessionKey });
    const letterService = createLettersService({
      letters: repository,
      users,
      quotas,
      events,
    });
    const handoffs = createConversationHandoffsService({ letters: repository, handoffs: createHandoffsRepository(db), users, events });
    // The cases module's stale list reads the admin's desk settings and adds the stale letters.
    const service: LettersService = {
      ...letterService,
      ratingCounts: ratings.ratingCounts,
      clock: createLetterClock(db),
      deskSettings: handoffs.settings,
      staleConversations: handoffs.listStale,
    };
    // No reply email once the recipient has read the conversation in the portal.
    notifications.registerDeliveryCheck('reply', async (targets) =>
      (await repository.unreadCounts(targets.map(({ event, recipientId }) => ({ conversationId: event.conversationId, userId: recipientId })))).map((count) => count > 0),
    );
    return {
      service,
      async register(app) {
        // Rows from before migration 0050 get their stored due date (the queue's sort key) once.
        await repository.fillMissingDueDates();
        app.accessControl.registerResourceCheck('conversation-participant', (id, user) => service.isParticipant(id, user));
        app.accessControl.registerResourceCheck('conversation-handler', (id, user) => service.assertHandler(id, user));
        app.accessControl.registerResourceCheck('letter-owner', (id, user) => ratings.isWriter(id, user));
        app.accessControl.registerResourceCheck('conversation-transferrer', (id, user) => handoffs.assertTransferrer(id, user));
        await app.register(named(lettersRoutes), { letters: service });
        await app.register(named(ratingsRoutes), { ratings });
        await app.register(named(letterTermsRoutes), { terms: createLetterTermsService(createLetterTermsRepository(db), events) });
        await app.register(named(conversationHandoffsRoutes), { handoffs });
        await app.register(named(conversationNotesRoutes), { notes: createConversationNotesService({ db, letters: repository, events }) });
      },
      seedSteps: [demoLettersStep(repository, users)],
    };
  },
});
