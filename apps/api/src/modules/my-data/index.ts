import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuthPort } from '../../ports/auth.js';
import type { NotificationsPort } from '../../ports/notifications.js';
import type { UsersPort } from '../../ports/users.js';
import { myDataRoutes } from './routes.js';
import { createMyDataRepository } from './repository.js';
import { createMyDataService } from './service.js';

export { pseudonymOf } from './service.js';

/**
 * A person's own data (issue 21): "Download my data" (one streamed ZIP, rate-limited in the
 * database) and "Close my account" (the citizen asks, an admin approves; the account is
 * pseudonymised, the records the office keeps stay tied to it). It reads and erases other modules'
 * records only through the sections and steps they register (plugins/personal-data.ts).
 */
export const myDataModule = defineModule<{
  users: UsersPort;
  auth: AuthPort;
  notifications: NotificationsPort;
}>()({
  name: 'my-data',
  setup({ db, personalData, events }, { users, auth, notifications }) {
    const repository = createMyDataRepository(db);
    const myData = createMyDataService({ db, repository, personalData, users, events });
    personalData.holdsNothingPersonal('account_closures', 'The request to close the account and who approved or refused it: the office keeps it, tied to the account id.');
    // A closed account is given no portal entry and no email any more, whatever happens to the records it left.
    notifications.registerRecipientGate(async (trx, userId) => !(await repository.isClosed(userId, trx)));
    return {
      async register(app) {
        await app.register(named(myDataRoutes), { myData, auth });
      },
    };
  },
});
