import { defineModule } from '../../app-module.js';
import { named } from '../../plugins/plugin-name.js';
import type { AuditService } from '../audit/index.js';
import type { AuthModuleService } from '../auth/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import { myDataRoutes } from './routes.js';
import { createMyDataRepository } from './repository.js';
import { createMyDataService } from './service.js';

export { pseudonymOf } from './service.js';

/**
 * A person's own data (issue 21): "Download my data" (one streamed ZIP, rate-limited in the
 * database) and "Close my account" (the citizen asks, an admin approves; the account is
 * pseudonymised, the records the office keeps stay tied to it). Listed last: it reads what the
 * other modules wrote.
 */
export const myDataModule = defineModule<{ users: UsersService; sessions: SessionsService; audit: AuditService; auth: AuthModuleService }>()({
  name: 'my-data',
  setup({ db }, { users, sessions, audit, auth }) {
    const myData = createMyDataService({ db, repository: createMyDataRepository(db), users, sessions, audit });
    return {
      async register(app) {
        await app.register(named(myDataRoutes), { myData, auth });
      },
    };
  },
});
