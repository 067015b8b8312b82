import { caseReference, letterReference } from '@portal/contract';
import { defineModule } from '../../app-module.js';
import { jsonPart } from '../../plugins/personal-data.js';
import { named } from '../../plugins/plugin-name.js';
import type { ReceiptsPort } from '../../ports/receipts.js';
import type { UsersPort } from '../../ports/users.js';
import { timelineEntryOf } from './entry-of.js';
import { createTimelineRepository } from './repository.js';
import { timelineRoutes } from './routes.js';
import { createTimelineService, type TimelineService } from './service.js';

export type { TimelineService };

/**
 * A matter's timeline (issue 32 point 2): the module hears every portal event inside its change's
 * transaction and keeps one row per event that names a letter or a case, so a type another module
 * adds later appears with no edit here. Receipts and people's names are asked of their modules
 * when a timeline is read.
 */
export const timelineModule = defineModule<{ users: UsersPort; receipts: ReceiptsPort }>()({
  name: 'timeline',
  setup({ db, events, personalData }, { users, receipts }) {
    const repository = createTimelineRepository(db);
    // First: a row costs one insert, and it commits (or rolls back) with the change it tells of.
    events.subscribeInTransaction(
      'timeline',
      async (trx, event) => {
        const entry = timelineEntryOf(event);
        if (entry) await repository.insert(entry, trx);
      },
      'first',
    );
    personalData.section({
      place: 25,
      readme: {
        en: '- timeline.json: what happened to each of your letters and cases, and when;',
        pl: '- timeline.json: co i kiedy działo się z każdym Twoim pismem i wnioskiem;',
      },
      tables: ['timeline_entries'],
      async read(userId) {
        const rows = await repository.listForOwner(userId);
        return [
          jsonPart(
            'timeline.json',
            rows.map((row) => ({
              reference: row.matter === 'letter' ? letterReference(Number(row.matter_id)) : caseReference(Number(row.matter_id)),
              type: row.event_type,
              at: row.at,
              facts: JSON.parse(row.facts) as unknown,
            })),
          ),
        ];
      },
    });
    // The timeline repeats what the letters, cases and receipts keep; it goes with the account.
    personalData.erasure((account, trx) => repository.deleteForOwner(account.id, trx));
    const service = createTimelineService({ timeline: repository, users, receipts });
    return {
      service,
      async register(app) {
        app.accessControl.registerResourceCheck('letter-timeline-reader', (id, user) => service.mayRead('letter', id, user));
        app.accessControl.registerResourceCheck('case-timeline-reader', (id, user) => service.mayRead('case', id, user));
        await app.register(named(timelineRoutes), { timeline: service });
      },
    };
  },
});
