import { defineModule } from '../../app-module.js';
import { jsonPart } from '../../plugins/personal-data.js';
import { named } from '../../plugins/plugin-name.js';
import type { CaseClockPort, LetterClockPort } from '../../ports/clocks.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import type { UsersPort } from '../../ports/users.js';
import { createMatters } from './matters.js';
import { createDeadlinesRepository } from './repository.js';
import { deadlinesRoutes } from './routes.js';
import { createDeadlinesService, type DeadlinesService } from './service.js';
import { deadlineWarningJob } from './warnings.js';

export type { DeadlinesService };

export interface DeadlinesModuleOptions {
  /** The rules' clock (tests move it); default the real one. The warnings run on the notification worker's. */
  now?: () => Date;
}

/**
 * Late terms (issue 32 points 5 and 6): the clerk's warnings before a term runs out, the delay
 * notice once it ran out (KPA art. 36), the citizen's prompt and the admins' answer (art. 37).
 * It reads letters and cases through their clocks (their services) and owns only its own tables.
 */
export const deadlinesModule = (options: DeadlinesModuleOptions = {}) =>
  defineModule<{ users: UsersPort; notifications: NotificationsPort; letters: LetterClockPort; cases: CaseClockPort }>()({
    name: 'deadlines',
    setup({ db, events, personalData }, { users, notifications, letters, cases }) {
      const repository = createDeadlinesRepository(db);
      const matters = createMatters(letters, cases);
      const service = createDeadlinesService({ repository, matters, users, events, now: options.now ?? (() => new Date()) });
      notifications.registerScheduledJob(deadlineWarningJob({ repository, matters, users, events }));
      personalData.section({
        place: 45,
        readme: {
          en: '- late-terms.json: the office\u2019s delay notices and your prompts about late letters and cases, with the answers;',
          pl: '- late-terms.json: zawiadomienia urzędu o zwłoce oraz ponaglenia w sprawie opóźnionych pism i wniosków, z odpowiedziami;',
        },
        tables: ['matter_prompts', 'delay_notices'],
        async read(userId) {
          const [prompts, notices] = await Promise.all([
            db.selectFrom('matter_prompts').select(['matter_kind', 'matter_id', 'body', 'created_at', 'answered_at', 'answer', 'new_due_date']).where('owner_id', '=', userId).orderBy('id').execute(),
            db.selectFrom('delay_notices').select(['matter_kind', 'matter_id', 'reason', 'new_due_date', 'created_at']).where('owner_id', '=', userId).orderBy('id').execute(),
          ]);
          return [jsonPart('late-terms.json', { prompts, delayNotices: notices })];
        },
      });
      personalData.holdsNothingPersonal('deadline_warnings', 'Which warnings of a matter\u2019s term staff were given: matter ids and dates, no person');
      return {
        service,
        async register(app) {
          await app.register(named(deadlinesRoutes), { deadlines: service });
        },
      };
    },
  });
